# check-engine finding: accepts an illegal superko
# clause: r[tt.turn.repetition]
# engine: node conformance/npm/gtp.js goban ing
# rules: repetition=positional suicide=allowed counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=n
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector accepts-an-illegal-superko (rules repetition=positional suicide=allowed counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=n, clauses tt.turn.repetition)
# found in vector superko-positional-009 (target/conformance/probes/0f0849f1ee4c1202/superko-positional/probes.toml): play W C1 was accepted; it is illegal: repetition (r[tt.turn.repetition])
ttrules-rules repetition=positional suicide=allowed counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=n
boardsize 3
clear_board
komi 7.5
1 is_legal b A2
#? [1]
play b A2
2 is_legal w A1
#? [1]
play w A1
3 is_legal b A3
#? [1]
play b A3
4 is_legal w B1
#? [1]
play w B1
5 is_legal b C1
#? [1]
play b C1
6 is_legal w B3
#? [1]
play w B3
7 is_legal b B2
#? [1]
play b B2
8 is_legal w C3
#? [1]
play w C3
9 is_legal b A1
#? [1]
play b A1
10 is_legal w C2
#? [1]
play w C2
11 is_legal b B1
#? [1]
play b B1
12 is_legal w C3
#? [1]
play w C3
13 is_legal b B3
#? [1]
play b B3
14 is_legal w C2
#? [1]
play w C2
15 is_legal b A3
#? [1]
play b A3
16 is_legal w A1
#? [1]
play w A1
17 is_legal b B2
#? [1]
play b B2
18 is_legal w B3
#? [1]
play w B3
19 is_legal b C1
#? [1]
play b C1
20 is_legal w B3
#? [1]
play w B3
21 is_legal b B1
#? [1]
play b B1
22 is_legal w C2
#? [1]
play w C2
23 is_legal b C3
#? [1]
play b C3
24 is_legal w A2
#? [1]
play w A2
25 is_legal b A1
#? [1]
play b A1
26 is_legal w pass
#? [1]
play w pass
27 is_legal b B3
#? [1]
play b B3
28 is_legal w pass
#? [1]
play w pass
29 is_legal b A2
#? [1]
play b A2
30 is_legal w C2
#? [1]
play w C2
31 is_legal b C1
#? [1]
play b C1
32 is_legal w B1
#? [1]
play w B1
33 is_legal b B2
#? [1]
play b B2
34 is_legal w A1
#? [1]
play w A1
35 is_legal b B3
#? [1]
play b B3
36 is_legal w A2
#? [1]
play w A2
37 is_legal b A3
#? [1]
play b A3
38 is_legal w C1
#? [1]
play w C1
39 is_legal b C3
#? [1]
play b C3
40 is_legal w C2
#? [1]
play w C2
41 is_legal b A2
#? [1]
play b A2
42 is_legal w A1
#? [1]
play w A1
43 is_legal b C1
#? [1]
play b C1
44 is_legal w B1
#? [1]
play w B1
45 is_legal b B1
#? [1]
play b B1
46 is_legal w pass
#? [1]
play w pass
47 is_legal b C2
#? [1]
play b C2
48 is_legal w A1
#? [1]
play w A1
49 is_legal b B1
#? [1]
play b B1
50 is_legal w B2
#? [1]
play w B2
51 is_legal b C2
#? [1]
play b C2
52 is_legal w C3
#? [1]
play w C3
53 is_legal b C1
#? [1]
play b C1
54 is_legal w A2
#? [1]
play w A2
55 is_legal b C2
#? [1]
play b C2
56 is_legal w A3
#? [1]
play w A3
57 is_legal b B1
#? [1]
play b B1
58 is_legal w B3
#? [1]
play w B3
59 is_legal b B2
#? [1]
play b B2
60 is_legal w C3
#? [1]
play w C3
61 is_legal b A3
#? [1]
play b A3
62 is_legal w A2
#? [1]
play w A2
63 is_legal b B3
#? [1]
play b B3
64 is_legal w A1
#? [1]
play w A1
65 is_legal b C1
#? [1]
play b C1
66 is_legal w A2
#? [1]
play w A2
67 is_legal b A1
#? [1]
play b A1
68 is_legal w pass
#? [1]
play w pass
69 is_legal b C3
#? [1]
play b C3
70 is_legal w A2
#? [1]
play w A2
71 is_legal b B3
#? [1]
play b B3
72 is_legal w A3
#? [1]
play w A3
73 is_legal b B1
#? [1]
play b B1
74 is_legal w B2
#? [1]
play w B2
75 is_legal b C1
#? [1]
play b C1
76 is_legal w C2
#? [1]
play w C2
77 is_legal b C3
#? [1]
play b C3
78 is_legal w B3
#? [1]
play w B3
79 is_legal b A1
#? [1]
play b A1
80 is_legal w C3
#? [1]
play w C3
81 is_legal b C1
#? [1]
play b C1
82 is_legal w A1
#? [1]
play w A1
83 is_legal b B1
#? [1]
play b B1
84 is_legal w A3
#? [1]
play w A3
85 is_legal b A2
#? [1]
play b A2
86 is_legal w B3
#? [1]
play w B3
87 is_legal b C3
#? [1]
play b C3
88 is_legal w C2
#? [1]
play w C2
89 is_legal b A1
#? [1]
play b A1
90 is_legal w B2
#? [1]
play w B2
91 is_legal b A2
#? [1]
play b A2
92 is_legal w C1
#? [1]
play w C1
93 is_legal b A1
#? [1]
play b A1
94 is_legal w C3
#? [1]
play w C3
95 is_legal b B1
#? [1]
play b B1
96 is_legal w C1
#? [1]
play w C1
97 is_legal b A3
#? [1]
play b A3
98 is_legal w C2
#? [1]
play w C2
99 is_legal b B3
#? [1]
play b B3
100 is_legal w C3
#? [1]
play w C3
101 is_legal b B2
#? [1]
play b B2
102 is_legal w C1
#? [1]
play w C1
103 is_legal b C3
#? [1]
play b C3
104 is_legal w C2
#? [1]
play w C2
105 is_legal b C3
#? [1]
play b C3
106 is_legal w A1
#? [1]
play w A1
107 is_legal b B1
#? [1]
play b B1
108 is_legal w B2
#? [1]
play w B2
109 is_legal b A3
#? [1]
play b A3
110 is_legal w A2
#? [1]
play w A2
111 is_legal b B3
#? [1]
play b B3
112 is_legal w A3
#? [1]
play w A3
113 is_legal b C3
#? [1]
play b C3
114 is_legal w B3
#? [1]
play w B3
115 is_legal b pass
#? [1]
play b pass
116 is_legal w B1
#? [1]
play w B1
117 is_legal b C3
#? [1]
play b C3
118 is_legal w A1
#? [1]
play w A1
119 is_legal b C2
#? [1]
play b C2
120 is_legal w B2
#? [1]
play w B2
121 is_legal b A3
#? [1]
play b A3
122 is_legal w B1
#? [1]
play w B1
123 is_legal b B3
#? [1]
play b B3
124 is_legal w A2
#? [1]
play w A2
125 is_legal b C1
#? [1]
play b C1
126 is_legal w B1
#? [1]
play w B1
127 is_legal b B2
#? [1]
play b B2
128 is_legal w A2
#? [1]
play w A2
129 is_legal b B3
#? [1]
play b B3
130 is_legal w C1
#? [1]
play w C1
131 is_legal b A3
#? [1]
play b A3
132 is_legal w A1
#? [1]
play w A1
133 is_legal b B2
#? [1]
play b B2
134 is_legal w C3
#? [1]
play w C3
135 is_legal b C2
#? [1]
play b C2
136 is_legal w C1
#? [1]
play w C1
137 is_legal b A2
#? [1]
play b A2
138 is_legal w A1
#? [1]
play w A1
139 is_legal b C3
#? [1]
play b C3
140 is_legal w B1
#? [1]
play w B1
141 is_legal b A2
#? [1]
play b A2
142 is_legal w B2
#? [1]
play w B2
143 is_legal b C2
#? [1]
play b C2
144 is_legal w C3
#? [1]
play w C3
145 is_legal b A3
#? [1]
play b A3
146 is_legal w B3
#? [1]
play w B3
147 is_legal b A3
#? [1]
play b A3
148 is_legal w A2
#? [1]
play w A2
149 is_legal b pass
#? [1]
play b pass
150 is_legal w C2
#? [1]
play w C2
151 is_legal b A3
#? [1]
play b A3
152 is_legal w B1
#? [1]
play w B1
153 is_legal b A2
#? [1]
play b A2
154 is_legal w C2
#? [1]
play w C2
155 is_legal b A1
#? [1]
play b A1
156 is_legal w C3
#? [1]
play w C3
157 is_legal b B2
#? [1]
play b B2
158 is_legal w B3
#? [1]
play w B3
159 is_legal b A1
#? [1]
play b A1
160 is_legal w B2
#? [1]
play w B2
161 is_legal b A2
#? [1]
play b A2
162 is_legal w A3
#? [1]
play w A3
163 is_legal b A2
#? [1]
play b A2
164 is_legal w C1
#? [1]
play w C1
165 is_legal b A1
#? [1]
play b A1
166 is_legal w B1
#? [1]
play w B1
167 is_legal b C1
#? [1]
play b C1
168 is_legal w C2
#? [1]
play w C2
169 is_legal b C3
#? [1]
play b C3
170 is_legal w C1
#? [1]
play w C1
171 is_legal b B2
#? [1]
play b B2
172 is_legal w B1
#? [1]
play w B1
173 is_legal b A3
#? [1]
play b A3
174 is_legal w C1
#? [1]
play w C1
175 is_legal b B3
#? [1]
play b B3
176 is_legal w C2
#? [1]
play w C2
177 is_legal b C3
#? [1]
play b C3
178 is_legal w A2
#? [1]
play w A2
179 is_legal b B2
#? [1]
play b B2
180 is_legal w A3
#? [1]
play w A3
181 is_legal b A1
#? [1]
play b A1
182 is_legal w C2
#? [1]
play w C2
183 is_legal b B3
#? [1]
play b B3
184 is_legal w C1
#? [1]
play w C1
185 is_legal b A3
#? [1]
play b A3
186 is_legal w B1
#? [1]
play w B1
187 is_legal b C1
#? [1]
play b C1
188 is_legal w pass
#? [1]
play w pass
189 is_legal b A2
#? [1]
play b A2
190 is_legal w pass
#? [1]
play w pass
191 is_legal b C2
#? [1]
play b C2
192 is_legal w B1
#? [1]
play w B1
193 is_legal b B3
#? [1]
play b B3
194 is_legal w C3
#? [1]
play w C3
195 is_legal b C1
#? [1]
play b C1
196 is_legal w C2
#? [1]
play w C2
197 is_legal b B2
#? [1]
play b B2
198 is_legal w C1
#? [1]
play w C1
199 is_legal b A3
#? [1]
play b A3
200 is_legal w A1
#? [1]
play w A1
201 is_legal b A2
#? [1]
play b A2
202 is_legal w C2
#? [1]
play w C2
203 is_legal b C1
#? [1]
play b C1
204 is_legal w B1
#? [1]
play w B1
205 is_legal b A1
#? [1]
play b A1
206 is_legal w C1
#? [1]
play w C1
207 is_legal b C3
#? [1]
play b C3
208 is_legal w C1
#? [1]
play w C1
209 is_legal b C2
#? [1]
play b C2
210 is_legal w B1
#? [1]
play w B1
211 is_legal b B2
#? [1]
play b B2
212 is_legal w C2
#? [1]
play w C2
213 is_legal b A1
#? [1]
play b A1
214 is_legal w B3
#? [1]
play w B3
215 is_legal b A2
#? [1]
play b A2
216 is_legal w A3
#? [1]
play w A3
217 is_legal b A2
#? [1]
play b A2
218 is_legal w B2
#? [1]
play w B2
219 is_legal b A1
#? [1]
play b A1
220 is_legal w C3
#? [1]
play w C3
221 is_legal b A1
#? [1]
play b A1
222 is_legal w A2
#? [1]
play w A2
223 is_legal b A1
#? [1]
play b A1
224 is_legal w B2
#? [1]
play w B2
225 is_legal b A2
#? [1]
play b A2
226 is_legal w A3
#? [1]
play w A3
227 is_legal b B3
#? [1]
play b B3
228 is_legal w C1
#? [1]
play w C1
229 is_legal b B1
#? [1]
play b B1
230 is_legal w C3
#? [1]
play w C3
231 is_legal b C2
#? [1]
play b C2
232 is_legal w pass
#? [1]
play w pass
233 is_legal b C3
#? [1]
play b C3
234 is_legal w pass
#? [1]
play w pass
235 is_legal b C1
#? [1]
play b C1
236 is_legal w pass
#? [1]
play w pass
237 is_legal b A3
#? [1]
play b A3
238 is_legal w B2
#? [1]
play w B2
239 is_legal b C1
#? [1]
play b C1
240 is_legal w B3
#? [1]
play w B3
241 is_legal b C2
#? [1]
play b C2
242 is_legal w B1
#? [1]
play w B1
243 is_legal b A2
#? [1]
play b A2
244 is_legal w C3
#? [1]
play w C3
245 is_legal b C1
#? [1]
play b C1
246 is_legal w C2
#? [1]
play w C2
247 is_legal b A3
#? [1]
play b A3
248 is_legal w A1
#? [1]
play w A1
249 is_legal b A3
#? [1]
play b A3
250 is_legal w A2
#? [1]
play w A2
251 is_legal b pass
#? [1]
play b pass
252 is_legal w C1  # repetition (r[tt.turn.repetition])
#? [0]
253 color A1
#? [white]
254 color A2
#? [white]
255 color A3
#? [empty]
256 color B1
#? [white]
257 color B2
#? [white]
258 color B3
#? [white]
259 color C1
#? [empty]
260 color C2
#? [white]
261 color C3
#? [white]
