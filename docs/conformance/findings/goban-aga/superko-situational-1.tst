# check-engine finding: says 1 for an illegal superko
# clause: r[var.ko.situational]
# engine: node conformance/npm/gtp.js goban aga
# rules: aga
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector says-1-for-an-illegal-superko (rules aga, clauses var.ko.situational)
# found in vector superko-situational-009 (target/conformance/probes/0d144e14afea5325/superko-situational/probes.toml): is_legal W B1 answered 1; the attempt is illegal: repetition (r[var.ko.situational])
ttrules-rules aga
boardsize 3
clear_board
komi 7.5
1 is_legal b B1
#? [1]
play b B1
2 is_legal w B2
#? [1]
play w B2
3 is_legal b C3
#? [1]
play b C3
4 is_legal w A1
#? [1]
play w A1
5 is_legal b B3
#? [1]
play b B3
6 is_legal w C1
#? [1]
play w C1
7 is_legal b C2
#? [1]
play b C2
8 is_legal w A2
#? [1]
play w A2
9 is_legal b B1
#? [1]
play b B1
10 is_legal w pass
#? [1]
play w pass
11 is_legal b A3
#? [1]
play b A3
12 is_legal w B2
#? [1]
play w B2
13 is_legal b A1
#? [1]
play b A1
14 is_legal w pass
#? [1]
play w pass
15 is_legal b C1
#? [1]
play b C1
16 is_legal w A2
#? [1]
play w A2
17 is_legal b B1
#? [1]
play b B1
18 is_legal w C3
#? [1]
play w C3
19 is_legal b A3
#? [1]
play b A3
20 is_legal w A1
#? [1]
play w A1
21 is_legal b C1
#? [1]
play b C1
22 is_legal w B3
#? [1]
play w B3
23 is_legal b pass
#? [1]
play b pass
24 is_legal w C2
#? [1]
play w C2
25 is_legal b C1
#? [1]
play b C1
26 is_legal w B1
#? [1]
play w B1
27 is_legal b pass
#? [1]
play b pass
28 is_legal w C1
#? [1]
play w C1
29 is_legal b A3
#? [1]
play b A3
30 is_legal w A1
#? [1]
play w A1
31 is_legal b C1
#? [1]
play b C1
32 is_legal w B2
#? [1]
play w B2
33 is_legal b B1
#? [1]
play b B1
34 is_legal w C3
#? [1]
play w C3
35 is_legal b A2
#? [1]
play b A2
36 is_legal w C2
#? [1]
play w C2
37 is_legal b B3
#? [1]
play b B3
38 is_legal w C2
#? [1]
play w C2
39 is_legal b B2
#? [1]
play b B2
40 is_legal w pass
#? [1]
play w pass
41 is_legal b A1
#? [1]
play b A1
42 is_legal w C3
#? [1]
play w C3
43 is_legal b B3
#? [1]
play b B3
44 is_legal w A3
#? [1]
play w A3
45 is_legal b C1
#? [1]
play b C1
46 is_legal w B1
#? [1]
play w B1
47 is_legal b A2
#? [1]
play b A2
48 is_legal w C1
#? [1]
play w C1
49 is_legal b A1
#? [1]
play b A1
50 is_legal w pass
#? [1]
play w pass
51 is_legal b A3
#? [1]
play b A3
52 is_legal w B2
#? [1]
play w B2
53 is_legal b A3
#? [1]
play b A3
54 is_legal w B3
#? [1]
play w B3
55 is_legal b A2
#? [1]
play b A2
56 is_legal w A1
#? [1]
play w A1
57 is_legal b A2
#? [1]
play b A2
58 is_legal w A3
#? [1]
play w A3
59 is_legal b A2
#? [1]
play b A2
60 is_legal w C1
#? [1]
play w C1
61 is_legal b B2
#? [1]
play b B2
62 is_legal w B1
#? [1]
play w B1
63 is_legal b A3
#? [1]
play b A3
64 is_legal w C3
#? [1]
play w C3
65 is_legal b C2
#? [1]
play b C2
66 is_legal w pass
#? [1]
play w pass
67 is_legal b A1
#? [1]
play b A1
68 is_legal w B1
#? [1]
play w B1
69 is_legal b C1
#? [1]
play b C1
70 is_legal w pass
#? [1]
play w pass
71 is_legal b B3
#? [1]
play b B3
72 is_legal w pass
#? [1]
play w pass
73 is_legal b C3
#? [1]
play b C3
74 is_legal w B1
#? [1]
play w B1
75 is_legal b C1
#? [1]
play b C1
76 is_legal w A1
#? [1]
play w A1
77 is_legal b A3
#? [1]
play b A3
78 is_legal w B3
#? [1]
play w B3
79 is_legal b A2
#? [1]
play b A2
80 is_legal w C3
#? [1]
play w C3
81 is_legal b C2
#? [1]
play b C2
82 is_legal w B2
#? [1]
play w B2
83 is_legal b A2
#? [1]
play b A2
84 is_legal w C1
#? [1]
play w C1
85 is_legal b pass
#? [1]
play b pass
86 is_legal w C2
#? [1]
play w C2
87 is_legal b A3
#? [1]
play b A3
88 is_legal w C3
#? [1]
play w C3
89 is_legal b B1
#? [1]
play b B1
90 is_legal w B2
#? [1]
play w B2
91 is_legal b B3
#? [1]
play b B3
92 is_legal w A1
#? [1]
play w A1
93 is_legal b C2
#? [1]
play b C2
94 is_legal w A3
#? [1]
play w A3
95 is_legal b B3
#? [1]
play b B3
96 is_legal w C1
#? [1]
play w C1
97 is_legal b A2
#? [1]
play b A2
98 is_legal w C3
#? [1]
play w C3
99 is_legal b B1
#? [1]
play b B1
100 is_legal w A3
#? [1]
play w A3
101 is_legal b C2
#? [1]
play b C2
102 is_legal w pass
#? [1]
play w pass
103 is_legal b A1
#? [1]
play b A1
104 is_legal w C1
#? [1]
play w C1
105 is_legal b B1
#? [1]
play b B1
106 is_legal w A2
#? [1]
play w A2
107 is_legal b C2
#? [1]
play b C2
108 is_legal w B3
#? [1]
play w B3
109 is_legal b C1
#? [1]
play b C1
110 is_legal w A1
#? [1]
play w A1
111 is_legal b C2
#? [1]
play b C2
112 is_legal w B1
#? [1]
play w B1
113 is_legal b C1
#? [1]
play b C1
114 is_legal w B2
#? [1]
play w B2
115 is_legal b B1
#? [1]
play b B1
116 is_legal w A2
#? [1]
play w A2
117 is_legal b C3
#? [1]
play b C3
118 is_legal w B3
#? [1]
play w B3
119 is_legal b pass
#? [1]
play b pass
120 is_legal w A1
#? [1]
play w A1
121 is_legal b B1
#? [1]
play b B1
122 is_legal w C2
#? [1]
play w C2
123 is_legal b pass
#? [1]
play b pass
124 is_legal w A3
#? [1]
play w A3
125 is_legal b pass
#? [1]
play b pass
126 is_legal w C3
#? [1]
play w C3
127 is_legal b C1
#? [1]
play b C1
128 is_legal w B2
#? [1]
play w B2
129 is_legal b B3
#? [1]
play b B3
130 is_legal w A2
#? [1]
play w A2
131 is_legal b C3
#? [1]
play b C3
132 is_legal w C2
#? [1]
play w C2
133 is_legal b pass
#? [1]
play b pass
134 is_legal w A3
#? [1]
play w A3
135 is_legal b C3
#? [1]
play b C3
136 is_legal w B3
#? [1]
play w B3
137 is_legal b pass
#? [1]
play b pass
138 is_legal w C3
#? [1]
play w C3
139 is_legal b A1
#? [1]
play b A1
140 is_legal w A3
#? [1]
play w A3
141 is_legal b A2
#? [1]
play b A2
142 is_legal w B2
#? [1]
play w B2
143 is_legal b C3
#? [1]
play b C3
144 is_legal w B3
#? [1]
play w B3
145 is_legal b C2
#? [1]
play b C2
146 is_legal w A3
#? [1]
play w A3
147 is_legal b B3
#? [1]
play b B3
148 is_legal w pass
#? [1]
play w pass
149 is_legal b B2
#? [1]
play b B2
150 is_legal w A3
#? [1]
play w A3
151 is_legal b B1
#? [1]
play b B1
152 is_legal w A1
#? [1]
play w A1
153 is_legal b A2
#? [1]
play b A2
154 is_legal w C1
#? [1]
play w C1
155 is_legal b B3
#? [1]
play b B3
156 is_legal w B2
#? [1]
play w B2
157 is_legal b A1
#? [1]
play b A1
158 is_legal w A3
#? [1]
play w A3
159 is_legal b C2
#? [1]
play b C2
160 is_legal w B1
#? [1]
play w B1
161 is_legal b A1
#? [1]
play b A1
162 is_legal w A2
#? [1]
play w A2
163 is_legal b A1
#? [1]
play b A1
164 is_legal w A2
#? [1]
play w A2
165 is_legal b C3
#? [1]
play b C3
166 is_legal w A3
#? [1]
play w A3
167 is_legal b B1
#? [1]
play b B1
168 is_legal w pass
#? [1]
play w pass
169 is_legal b C1
#? [1]
play b C1
170 is_legal w B2
#? [1]
play w B2
171 is_legal b A1
#? [1]
play b A1
172 is_legal w B3
#? [1]
play w B3
173 is_legal b C2
#? [1]
play b C2
174 is_legal w B1
#? [1]
play w B1
175 is_legal b C1
#? [1]
play b C1
176 is_legal w C3
#? [1]
play w C3
177 is_legal b C1
#? [1]
play b C1
178 is_legal w A1
#? [1]
play w A1
179 is_legal b pass
#? [1]
play b pass
180 is_legal w C2
#? [1]
play w C2
181 is_legal b C1
#? [1]
play b C1
182 is_legal w C3
#? [1]
play w C3
183 is_legal b B3
#? [1]
play b B3
184 is_legal w A2
#? [1]
play w A2
185 is_legal b B1
#? [1]
play b B1
186 is_legal w C2
#? [1]
play w C2
187 is_legal b A3
#? [1]
play b A3
188 is_legal w A1
#? [1]
play w A1
189 is_legal b B2
#? [1]
play b B2
190 is_legal w C2
#? [1]
play w C2
191 is_legal b A1
#? [1]
play b A1
192 is_legal w pass
#? [1]
play w pass
193 is_legal b C3
#? [1]
play b C3
194 is_legal w pass
#? [1]
play w pass
195 is_legal b A2
#? [1]
play b A2
196 is_legal w C2
#? [1]
play w C2
197 is_legal b A1
#? [1]
play b A1
198 is_legal w C3
#? [1]
play w C3
199 is_legal b B3
#? [1]
play b B3
200 is_legal w B1
#? [1]
play w B1
201 is_legal b A2
#? [1]
play b A2
202 is_legal w B2
#? [1]
play w B2
203 is_legal b C1
#? [1]
play b C1
204 is_legal w B2
#? [1]
play w B2
205 is_legal b C3
#? [1]
play b C3
206 is_legal w C2
#? [1]
play w C2
207 is_legal b A3
#? [1]
play b A3
208 is_legal w B1
#? [1]
play w B1
209 is_legal b A3
#? [1]
play b A3
210 is_legal w A2
#? [1]
play w A2
211 is_legal b C3
#? [1]
play b C3
212 is_legal w B3
#? [1]
play w B3
213 is_legal b pass
#? [1]
play b pass
214 is_legal w A3
#? [1]
play w A3
215 is_legal b pass
#? [1]
play b pass
216 is_legal w C3
#? [1]
play w C3
217 is_legal b pass
#? [1]
play b pass
218 is_legal w C1
#? [1]
play w C1
219 is_legal b A1
#? [1]
play b A1
220 is_legal w C1
#? [1]
play w C1
221 is_legal b A3
#? [1]
play b A3
222 is_legal w A2
#? [1]
play w A2
223 is_legal b B2
#? [1]
play b B2
224 is_legal w B1
#? [1]
play w B1
225 is_legal b B3
#? [1]
play b B3
226 is_legal w C3
#? [1]
play w C3
227 is_legal b C2
#? [1]
play b C2
228 is_legal w B1
#? [1]
play w B1
229 is_legal b A2
#? [1]
play b A2
230 is_legal w pass
#? [1]
play w pass
231 is_legal b C3
#? [1]
play b C3
232 is_legal w C1
#? [1]
play w C1
233 is_legal b A3
#? [1]
play b A3
234 is_legal w A2
#? [1]
play w A2
235 is_legal b B2
#? [1]
play b B2
236 is_legal w B3
#? [1]
play w B3
237 is_legal b C3
#? [1]
play b C3
238 is_legal w A1
#? [1]
play w A1
239 is_legal b A3
#? [1]
play b A3
240 is_legal w pass
#? [1]
play w pass
241 is_legal b B3
#? [1]
play b B3
242 is_legal w C2
#? [1]
play w C2
243 is_legal b B2
#? [1]
play b B2
244 is_legal w C3
#? [1]
play w C3
245 is_legal b B3
#? [1]
play b B3
246 is_legal w A3
#? [1]
play w A3
247 is_legal b B3
#? [1]
play b B3
248 is_legal w B2
#? [1]
play w B2
249 is_legal b B3
#? [1]
play b B3
250 is_legal w B2
#? [1]
play w B2
251 is_legal b A3
#? [1]
play b A3
252 is_legal w C1
#? [1]
play w C1
253 is_legal b C2
#? [1]
play b C2
254 is_legal w A2
#? [1]
play w A2
255 is_legal b B1
#? [1]
play b B1
256 is_legal w C3
#? [1]
play w C3
257 is_legal b A3
#? [1]
play b A3
258 is_legal w A1
#? [1]
play w A1
259 is_legal b B3
#? [1]
play b B3
260 is_legal w A2
#? [1]
play w A2
261 is_legal b B2
#? [1]
play b B2
262 is_legal w pass
#? [1]
play w pass
263 is_legal b C3
#? [1]
play b C3
264 is_legal w pass
#? [1]
play w pass
265 is_legal b C1
#? [1]
play b C1
266 is_legal w A1
#? [1]
play w A1
267 is_legal b B1
#? [1]
play b B1
268 is_legal w C1
#? [1]
play w C1
269 is_legal b C2
#? [1]
play b C2
270 is_legal w C3
#? [1]
play w C3
271 is_legal b C1
#? [1]
play b C1
272 is_legal w A3
#? [1]
play w A3
273 is_legal b B2
#? [1]
play b B2
274 is_legal w B3
#? [1]
play w B3
275 is_legal b C1
#? [1]
play b C1
276 is_legal w B2
#? [1]
play w B2
277 is_legal b B1
#? [1]
play b B1
278 is_legal w C2
#? [1]
play w C2
279 is_legal b C1
#? [1]
play b C1
280 is_legal w B1  # repetition (r[var.ko.situational])
#? [0]
281 color A1
#? [white]
282 color A2
#? [white]
283 color A3
#? [white]
284 color B1
#? [empty]
285 color B2
#? [white]
286 color B3
#? [white]
287 color C1
#? [black]
288 color C2
#? [white]
289 color C3
#? [white]
