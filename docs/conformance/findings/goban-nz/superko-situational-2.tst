# check-engine finding: accepts an illegal superko
# clause: r[var.ko.situational]
# engine: node conformance/npm/gtp.js goban nz
# rules: repetition=situational suicide=allowed counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector accepts-an-illegal-superko (rules repetition=situational suicide=allowed counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses var.ko.situational)
# found in vector superko-situational-009 (target/conformance/probes/387a63625b747190/superko-situational/probes.toml): play W C2 was accepted; it is illegal: repetition (r[var.ko.situational])
ttrules-rules repetition=situational suicide=allowed counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 3
clear_board
komi 7.5
1 is_legal b B2
#? [1]
play b B2
2 is_legal w C1
#? [1]
play w C1
3 is_legal b C2
#? [1]
play b C2
4 is_legal w A3
#? [1]
play w A3
5 is_legal b A1
#? [1]
play b A1
6 is_legal w A2
#? [1]
play w A2
7 is_legal b B1
#? [1]
play b B1
8 is_legal w B3
#? [1]
play w B3
9 is_legal b C1
#? [1]
play b C1
10 is_legal w C3
#? [1]
play w C3
11 is_legal b C2
#? [1]
play b C2
12 is_legal w C1
#? [1]
play w C1
13 is_legal b B2
#? [1]
play b B2
14 is_legal w A1
#? [1]
play w A1
15 is_legal b B1
#? [1]
play b B1
16 is_legal w A3
#? [1]
play w A3
17 is_legal b A1
#? [1]
play b A1
18 is_legal w C3
#? [1]
play w C3
19 is_legal b A2
#? [1]
play b A2
20 is_legal w B3
#? [1]
play w B3
21 is_legal b C1
#? [1]
play b C1
22 is_legal w C3
#? [1]
play w C3
23 is_legal b A3
#? [1]
play b A3
24 is_legal w B3
#? [1]
play w B3
25 is_legal b C2
#? [1]
play b C2
26 is_legal w A2
#? [1]
play w A2
27 is_legal b B1
#? [1]
play b B1
28 is_legal w A1
#? [1]
play w A1
29 is_legal b C1
#? [1]
play b C1
30 is_legal w B2
#? [1]
play w B2
31 is_legal b C2
#? [1]
play b C2
32 is_legal w A3
#? [1]
play w A3
33 is_legal b C1
#? [1]
play b C1
34 is_legal w B1
#? [1]
play w B1
35 is_legal b C2
#? [1]
play b C2
36 is_legal w C1
#? [1]
play w C1
37 is_legal b C2
#? [1]
play b C2
38 is_legal w C3
#? [1]
play w C3
39 is_legal b C1
#? [1]
play b C1
40 is_legal w B2
#? [1]
play w B2
41 is_legal b A1
#? [1]
play b A1
42 is_legal w A3
#? [1]
play w A3
43 is_legal b A2
#? [1]
play b A2
44 is_legal w B1
#? [1]
play w B1
45 is_legal b C2
#? [1]
play b C2
46 is_legal w A1
#? [1]
play w A1
47 is_legal b B3
#? [1]
play b B3
48 is_legal w C1
#? [1]
play w C1
49 is_legal b C3
#? [1]
play b C3
50 is_legal w C3
#? [1]
play w C3
51 is_legal b B3
#? [1]
play b B3
52 is_legal w B3
#? [1]
play w B3
53 is_legal b A2
#? [1]
play b A2
54 is_legal w C2
#? [1]
play w C2
55 is_legal b A2
#? [1]
play b A2
56 is_legal w B2
#? [1]
play w B2
57 is_legal b A3
#? [1]
play b A3
58 is_legal w B3
#? [1]
play w B3
59 is_legal b C1
#? [1]
play b C1
60 is_legal w B1
#? [1]
play w B1
61 is_legal b C2
#? [1]
play b C2
62 is_legal w C3
#? [1]
play w C3
63 is_legal b C2
#? [1]
play b C2
64 is_legal w A1
#? [1]
play w A1
65 is_legal b A3
#? [1]
play b A3
66 is_legal w A2
#? [1]
play w A2
67 is_legal b A3
#? [1]
play b A3
68 is_legal w C1
#? [1]
play w C1
69 is_legal b A3
#? [1]
play b A3
70 is_legal w C2
#? [1]
play w C2
71 is_legal b A3
#? [1]
play b A3
72 is_legal w B3
#? [1]
play w B3
73 is_legal b C3
#? [1]
play b C3
74 is_legal w A1
#? [1]
play w A1
75 is_legal b A2
#? [1]
play b A2
76 is_legal w B1
#? [1]
play w B1
77 is_legal b B2
#? [1]
play b B2
78 is_legal w C1
#? [1]
play w C1
79 is_legal b C2
#? [1]
play b C2
80 is_legal w C1
#? [1]
play w C1
81 is_legal b A1
#? [1]
play b A1
82 is_legal w B3
#? [1]
play w B3
83 is_legal b B3
#? [1]
play b B3
84 is_legal w B1
#? [1]
play w B1
85 is_legal b B3
#? [1]
play b B3
86 is_legal w A3
#? [1]
play w A3
87 is_legal b B2
#? [1]
play b B2
88 is_legal w A2
#? [1]
play w A2
89 is_legal b A1
#? [1]
play b A1
90 is_legal w C2
#? [1]
play w C2
91 is_legal b C3
#? [1]
play b C3
92 is_legal w B1
#? [1]
play w B1
93 is_legal b C2
#? [1]
play b C2
94 is_legal w A2
#? [1]
play w A2
95 is_legal b A3
#? [1]
play b A3
96 is_legal w A1
#? [1]
play w A1
97 is_legal b C1
#? [1]
play b C1
98 is_legal w A1
#? [1]
play w A1
99 is_legal b B1
#? [1]
play b B1
100 is_legal w A2
#? [1]
play w A2
101 is_legal b C3
#? [1]
play b C3
102 is_legal w B3
#? [1]
play w B3
103 is_legal b A3
#? [1]
play b A3
104 is_legal w C2
#? [1]
play w C2
105 is_legal b C3
#? [1]
play b C3
106 is_legal w C1
#? [1]
play w C1
107 is_legal b B1
#? [1]
play b B1
108 is_legal w B2
#? [1]
play w B2
109 is_legal b C3
#? [1]
play b C3
110 is_legal w C3
#? [1]
play w C3
111 is_legal b B1
#? [1]
play b B1
112 is_legal w A3
#? [1]
play w A3
113 is_legal b B1
#? [1]
play b B1
114 is_legal w B3
#? [1]
play w B3
115 is_legal b B2
#? [1]
play b B2
116 is_legal w C1
#? [1]
play w C1
117 is_legal b A2
#? [1]
play b A2
118 is_legal w C2
#? [1]
play w C2
119 is_legal b A1
#? [1]
play b A1
120 is_legal w C3
#? [1]
play w C3
121 is_legal b A3
#? [1]
play b A3
122 is_legal w C2
#? [1]
play w C2
123 is_legal b C1
#? [1]
play b C1
124 is_legal w C3
#? [1]
play w C3
125 is_legal b B3
#? [1]
play b B3
126 is_legal w C3
#? [1]
play w C3
127 is_legal b C2
#? [1]
play b C2
128 is_legal w C3
#? [1]
play w C3
129 is_legal b C1
#? [1]
play b C1
130 is_legal w A1
#? [1]
play w A1
131 is_legal b C2
#? [1]
play b C2
132 is_legal w A2
#? [1]
play w A2
133 is_legal b A3
#? [1]
play b A3
134 is_legal w B1
#? [1]
play w B1
135 is_legal b B3
#? [1]
play b B3
136 is_legal w B2
#? [1]
play w B2
137 is_legal b B2
#? [1]
play b B2
138 is_legal w C3
#? [1]
play w C3
139 is_legal b A2
#? [1]
play b A2
140 is_legal w C3
#? [1]
play w C3
141 is_legal b B1
#? [1]
play b B1
142 is_legal w C3
#? [1]
play w C3
143 is_legal b C3
#? [1]
play b C3
144 is_legal w A1
#? [1]
play w A1
145 is_legal b C2
#? [1]
play b C2
146 is_legal w A2
#? [1]
play w A2
147 is_legal b A3
#? [1]
play b A3
148 is_legal w C1
#? [1]
play w C1
149 is_legal b B3
#? [1]
play b B3
150 is_legal w C3
#? [1]
play w C3
151 is_legal b B1
#? [1]
play b B1
152 is_legal w C1
#? [1]
play w C1
153 is_legal b C1
#? [1]
play b C1
154 is_legal w C3
#? [1]
play w C3
155 is_legal b C3
#? [1]
play b C3
156 is_legal w B2
#? [1]
play w B2
157 is_legal b A3
#? [1]
play b A3
158 is_legal w B1
#? [1]
play w B1
159 is_legal b C2
#? [1]
play b C2
160 is_legal w C3
#? [1]
play w C3
161 is_legal b C1
#? [1]
play b C1
162 is_legal w C1
#? [1]
play w C1
163 is_legal b B3
#? [1]
play b B3
164 is_legal w A3
#? [1]
play w A3
165 is_legal b B3
#? [1]
play b B3
166 is_legal w C2
#? [1]
play w C2
167 is_legal b B3
#? [1]
play b B3
168 is_legal w B2
#? [1]
play w B2
169 is_legal b C2
#? [1]
play b C2
170 is_legal w A3
#? [1]
play w A3
171 is_legal b B1
#? [1]
play b B1
172 is_legal w C1
#? [1]
play w C1
173 is_legal b A1
#? [1]
play b A1
174 is_legal w C3
#? [1]
play w C3
175 is_legal b C1
#? [1]
play b C1
176 is_legal w B3
#? [1]
play w B3
177 is_legal b A2
#? [1]
play b A2
178 is_legal w C3
#? [1]
play w C3
179 is_legal b B3
#? [1]
play b B3
180 is_legal w A3
#? [1]
play w A3
181 is_legal b A3
#? [1]
play b A3
182 is_legal w B2
#? [1]
play w B2
183 is_legal b C3
#? [1]
play b C3
184 is_legal w B2
#? [1]
play w B2
185 is_legal b B1
#? [1]
play b B1
186 is_legal w A1
#? [1]
play w A1
187 is_legal b B3
#? [1]
play b B3
188 is_legal w C1
#? [1]
play w C1
189 is_legal b C3
#? [1]
play b C3
190 is_legal w A2
#? [1]
play w A2
191 is_legal b B1
#? [1]
play b B1
192 is_legal w B1
#? [1]
play w B1
193 is_legal b C2
#? [1]
play b C2
194 is_legal w A3
#? [1]
play w A3
195 is_legal b C3
#? [1]
play b C3
196 is_legal w C2
#? [1]
play w C2
197 is_legal b B3
#? [1]
play b B3
198 is_legal w B2
#? [1]
play w B2
199 is_legal b A2
#? [1]
play b A2
200 is_legal w A1
#? [1]
play w A1
201 is_legal b C2
#? [1]
play b C2
202 is_legal w C1
#? [1]
play w C1
203 is_legal b A3
#? [1]
play b A3
204 is_legal w C3
#? [1]
play w C3
205 is_legal b C2
#? [1]
play b C2
206 is_legal w A2
#? [1]
play w A2
207 is_legal b C2
#? [1]
play b C2
208 is_legal w A3
#? [1]
play w A3
209 is_legal b B1
#? [1]
play b B1
210 is_legal w B3
#? [1]
play w B3
211 is_legal b B1
#? [1]
play b B1
212 is_legal w C2  # repetition (r[var.ko.situational])
#? [0]
213 color A1
#? [white]
214 color A2
#? [white]
215 color A3
#? [white]
216 color B1
#? [empty]
217 color B2
#? [white]
218 color B3
#? [white]
219 color C1
#? [white]
220 color C2
#? [empty]
221 color C3
#? [white]
