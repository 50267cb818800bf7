# check-engine finding: says 1 for an illegal superko
# clause: r[var.ko.situational]
# engine: node conformance/npm/gtp.js goban nz
# rules: new-zealand
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector says-1-for-an-illegal-superko (rules new-zealand, clauses var.ko.situational)
# found in vector superko-situational-009 (target/conformance/probes/1d4c3a6affd07fda/superko-situational/probes.toml): is_legal W B3 answered 1; the attempt is illegal: repetition (r[var.ko.situational])
ttrules-rules new-zealand
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
31 is_legal b C1
#? [1]
play b C1
32 is_legal w A3
#? [1]
play w A3
33 is_legal b C2
#? [1]
play b C2
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
45 is_legal b A2
#? [1]
play b A2
46 is_legal w A1
#? [1]
play w A1
47 is_legal b C2
#? [1]
play b C2
48 is_legal w C1
#? [1]
play w C1
49 is_legal b pass
#? [1]
play b pass
50 is_legal w C2
#? [1]
play w C2
51 is_legal b pass
#? [1]
play b pass
52 is_legal w B3
#? [1]
play w B3
53 is_legal b A2
#? [1]
play b A2
54 is_legal w C3
#? [1]
play w C3
55 is_legal b B1
#? [1]
play b B1
56 is_legal w A3
#? [1]
play w A3
57 is_legal b A1
#? [1]
play b A1
58 is_legal w B2
#? [1]
play w B2
59 is_legal b C2
#? [1]
play b C2
60 is_legal w B3
#? [1]
play w B3
61 is_legal b A3
#? [1]
play b A3
62 is_legal w B3
#? [1]
play w B3
63 is_legal b B2
#? [1]
play b B2
64 is_legal w C3
#? [1]
play w C3
65 is_legal b C3
#? [1]
play b C3
66 is_legal w pass
#? [1]
play w pass
67 is_legal b C1
#? [1]
play b C1
68 is_legal w B3
#? [1]
play w B3
69 is_legal b C3
#? [1]
play b C3
70 is_legal w A2
#? [1]
play w A2
71 is_legal b A1
#? [1]
play b A1
72 is_legal w B2
#? [1]
play w B2
73 is_legal b C2
#? [1]
play b C2
74 is_legal w A3
#? [1]
play w A3
75 is_legal b C1
#? [1]
play b C1
76 is_legal w B1
#? [1]
play w B1
77 is_legal b C1
#? [1]
play b C1
78 is_legal w C2
#? [1]
play w C2
79 is_legal b pass
#? [1]
play b pass
80 is_legal w A1
#? [1]
play w A1
81 is_legal b pass
#? [1]
play b pass
82 is_legal w C3
#? [1]
play w C3
83 is_legal b C1
#? [1]
play b C1
84 is_legal w B2
#? [1]
play w B2
85 is_legal b C2
#? [1]
play b C2
86 is_legal w A1
#? [1]
play w A1
87 is_legal b B3
#? [1]
play b B3
88 is_legal w A2
#? [1]
play w A2
89 is_legal b C3
#? [1]
play b C3
90 is_legal w A3
#? [1]
play w A3
91 is_legal b B1
#? [1]
play b B1
92 is_legal w B2
#? [1]
play w B2
93 is_legal b A2
#? [1]
play b A2
94 is_legal w pass
#? [1]
play w pass
95 is_legal b A1
#? [1]
play b A1
96 is_legal w pass
#? [1]
play w pass
97 is_legal b B2
#? [1]
play b B2
98 is_legal w A3
#? [1]
play w A3
99 is_legal b A1
#? [1]
play b A1
100 is_legal w B3
#? [1]
play w B3
101 is_legal b B2
#? [1]
play b B2
102 is_legal w C2
#? [1]
play w C2
103 is_legal b C1
#? [1]
play b C1
104 is_legal w A2
#? [1]
play w A2
105 is_legal b B1
#? [1]
play b B1
106 is_legal w B1
#? [1]
play w B1
107 is_legal b pass
#? [1]
play b pass
108 is_legal w C3
#? [1]
play w C3
109 is_legal b pass
#? [1]
play b pass
110 is_legal w B2
#? [1]
play w B2
111 is_legal b pass
#? [1]
play b pass
112 is_legal w C1
#? [1]
play w C1
113 is_legal b A1
#? [1]
play b A1
114 is_legal w C2
#? [1]
play w C2
115 is_legal b C3
#? [1]
play b C3
116 is_legal w C1
#? [1]
play w C1
117 is_legal b B1
#? [1]
play b B1
118 is_legal w A2
#? [1]
play w A2
119 is_legal b B3
#? [1]
play b B3
120 is_legal w A3
#? [1]
play w A3
121 is_legal b B2
#? [1]
play b B2
122 is_legal w A3
#? [1]
play w A3
123 is_legal b C1
#? [1]
play b C1
124 is_legal w A2
#? [1]
play w A2
125 is_legal b C2
#? [1]
play b C2
126 is_legal w A2
#? [1]
play w A2
127 is_legal b A3
#? [1]
play b A3
128 is_legal w A2
#? [1]
play w A2
129 is_legal b A1
#? [1]
play b A1
130 is_legal w B3
#? [1]
play w B3
131 is_legal b B1
#? [1]
play b B1
132 is_legal w C2
#? [1]
play w C2
133 is_legal b C1
#? [1]
play b C1
134 is_legal w C3
#? [1]
play w C3
135 is_legal b B2
#? [1]
play b B2
136 is_legal w A3
#? [1]
play w A3
137 is_legal b C1
#? [1]
play b C1
138 is_legal w A1
#? [1]
play w A1
139 is_legal b B1
#? [1]
play b B1
140 is_legal w B2
#? [1]
play w B2
141 is_legal b C1
#? [1]
play b C1
142 is_legal w pass
#? [1]
play w pass
143 is_legal b B1
#? [1]
play b B1
144 is_legal w C2
#? [1]
play w C2
145 is_legal b A2
#? [1]
play b A2
146 is_legal w B3
#? [1]
play w B3
147 is_legal b B2
#? [1]
play b B2
148 is_legal w C3
#? [1]
play w C3
149 is_legal b A3
#? [1]
play b A3
150 is_legal w C3
#? [1]
play w C3
151 is_legal b B3
#? [1]
play b B3
152 is_legal w C2
#? [1]
play w C2
153 is_legal b C3
#? [1]
play b C3
154 is_legal w pass
#? [1]
play w pass
155 is_legal b A1
#? [1]
play b A1
156 is_legal w C2
#? [1]
play w C2
157 is_legal b B2
#? [1]
play b B2
158 is_legal w C1
#? [1]
play w C1
159 is_legal b A3
#? [1]
play b A3
160 is_legal w B1
#? [1]
play w B1
161 is_legal b B3
#? [1]
play b B3
162 is_legal w C3
#? [1]
play w C3
163 is_legal b A1
#? [1]
play b A1
164 is_legal w B1
#? [1]
play w B1
165 is_legal b C1
#? [1]
play b C1
166 is_legal w C3
#? [1]
play w C3
167 is_legal b A2
#? [1]
play b A2
168 is_legal w C2
#? [1]
play w C2
169 is_legal b C2
#? [1]
play b C2
170 is_legal w pass
#? [1]
play w pass
171 is_legal b B1
#? [1]
play b B1
172 is_legal w C3
#? [1]
play w C3
173 is_legal b A3
#? [1]
play b A3
174 is_legal w A2
#? [1]
play w A2
175 is_legal b B1
#? [1]
play b B1
176 is_legal w B2
#? [1]
play w B2
177 is_legal b B3
#? [1]
play b B3
178 is_legal w B3
#? [1]
play w B3
179 is_legal b A1
#? [1]
play b A1
180 is_legal w C1
#? [1]
play w C1
181 is_legal b B1
#? [1]
play b B1
182 is_legal w C2
#? [1]
play w C2
183 is_legal b A1
#? [1]
play b A1
184 is_legal w B1
#? [1]
play w B1
185 is_legal b pass
#? [1]
play b pass
186 is_legal w A1
#? [1]
play w A1
187 is_legal b A3
#? [1]
play b A3
188 is_legal w B3
#? [1]
play w B3
189 is_legal b C1
#? [1]
play b C1
190 is_legal w C2
#? [1]
play w C2
191 is_legal b B2
#? [1]
play b B2
192 is_legal w C3
#? [1]
play w C3
193 is_legal b C3
#? [1]
play b C3
194 is_legal w B1
#? [1]
play w B1
195 is_legal b C2
#? [1]
play b C2
196 is_legal w A1
#? [1]
play w A1
197 is_legal b B3
#? [1]
play b B3
198 is_legal w A2
#? [1]
play w A2
199 is_legal b C1
#? [1]
play b C1
200 is_legal w B2
#? [1]
play w B2
201 is_legal b C3
#? [1]
play b C3
202 is_legal w C2
#? [1]
play w C2
203 is_legal b B3
#? [1]
play b B3
204 is_legal w C1
#? [1]
play w C1
205 is_legal b A3
#? [1]
play b A3
206 is_legal w A1
#? [1]
play w A1
207 is_legal b C1
#? [1]
play b C1
208 is_legal w B2
#? [1]
play w B2
209 is_legal b C2
#? [1]
play b C2
210 is_legal w B1
#? [1]
play w B1
211 is_legal b A2
#? [1]
play b A2
212 is_legal w B1
#? [1]
play w B1
213 is_legal b B2
#? [1]
play b B2
214 is_legal w A1
#? [1]
play w A1
215 is_legal b C2
#? [1]
play b C2
216 is_legal w A3
#? [1]
play w A3
217 is_legal b C3
#? [1]
play b C3
218 is_legal w B3
#? [1]
play w B3
219 is_legal b A2
#? [1]
play b A2
220 is_legal w C1
#? [1]
play w C1
221 is_legal b B2
#? [1]
play b B2
222 is_legal w A3
#? [1]
play w A3
223 is_legal b A1
#? [1]
play b A1
224 is_legal w B3
#? [1]
play w B3
225 is_legal b C1
#? [1]
play b C1
226 is_legal w A3
#? [1]
play w A3
227 is_legal b B1
#? [1]
play b B1
228 is_legal w B3
#? [1]
play w B3
229 is_legal b C2
#? [1]
play b C2
230 is_legal w A1
#? [1]
play w A1
231 is_legal b B1
#? [1]
play b B1
232 is_legal w A2
#? [1]
play w A2
233 is_legal b B2
#? [1]
play b B2
234 is_legal w C3
#? [1]
play w C3
235 is_legal b A3
#? [1]
play b A3
236 is_legal w B3
#? [1]
play w B3
237 is_legal b C3
#? [1]
play b C3
238 is_legal w A2
#? [1]
play w A2
239 is_legal b A1
#? [1]
play b A1
240 is_legal w pass
#? [1]
play w pass
241 is_legal b B3
#? [1]
play b B3
242 is_legal w pass
#? [1]
play w pass
243 is_legal b A2
#? [1]
play b A2
244 is_legal w C1
#? [1]
play w C1
245 is_legal b C3
#? [1]
play b C3
246 is_legal w A1
#? [1]
play w A1
247 is_legal b A2
#? [1]
play b A2
248 is_legal w B1
#? [1]
play w B1
249 is_legal b A3
#? [1]
play b A3
250 is_legal w B2
#? [1]
play w B2
251 is_legal b B3
#? [1]
play b B3
252 is_legal w C2
#? [1]
play w C2
253 is_legal b A3
#? [1]
play b A3
254 is_legal w C3
#? [1]
play w C3
255 is_legal b B3
#? [1]
play b B3
256 is_legal w A2
#? [1]
play w A2
257 is_legal b B3
#? [1]
play b B3
258 is_legal w A3
#? [1]
play w A3
259 is_legal b B3
#? [1]
play b B3
260 is_legal w C3
#? [1]
play w C3
261 is_legal b A3
#? [1]
play b A3
262 is_legal w C1
#? [1]
play w C1
263 is_legal b A2
#? [1]
play b A2
264 is_legal w C2
#? [1]
play w C2
265 is_legal b B1
#? [1]
play b B1
266 is_legal w B2
#? [1]
play w B2
267 is_legal b C3
#? [1]
play b C3
268 is_legal w C2
#? [1]
play w C2
269 is_legal b A1
#? [1]
play b A1
270 is_legal w C1
#? [1]
play w C1
271 is_legal b B2
#? [1]
play b B2
272 is_legal w C1
#? [1]
play w C1
273 is_legal b pass
#? [1]
play b pass
274 is_legal w C2
#? [1]
play w C2
275 is_legal b A3
#? [1]
play b A3
276 is_legal w C3
#? [1]
play w C3
277 is_legal b B3
#? [1]
play b B3
278 is_legal w A2
#? [1]
play w A2
279 is_legal b A1
#? [1]
play b A1
280 is_legal w B2
#? [1]
play w B2
281 is_legal b A3
#? [1]
play b A3
282 is_legal w B1
#? [1]
play w B1
283 is_legal b B3
#? [1]
play b B3
284 is_legal w B3  # repetition (r[var.ko.situational])
#? [0]
285 color A1
#? [empty]
286 color A2
#? [white]
287 color A3
#? [empty]
288 color B1
#? [white]
289 color B2
#? [white]
290 color B3
#? [empty]
291 color C1
#? [white]
292 color C2
#? [white]
293 color C3
#? [white]
