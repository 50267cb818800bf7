// The light-playout protocol of `ttrules bench` (bench/src/lib.rs) over KataGo's `Board`
// (cpp/game/board.cpp of a KataGo checkout, never copied into this repository): the same
// generator, the same draws, the same games, so that the CPU time of the two can be compared
// and the games checked equal (`--digest`). Built and run by scripts/katago-bench.
//
// Usage: playouts rejection|full SIZE PLAYOUTS SEED [--digest] [--katago-order]
//
// What the driver adds to KataGo's board, each as ttrules' fast engine has it:
// - Exact positional superko (r[tt.turn.repetition]): the hash of every colouring of the game
//   (KataGo's 128-bit zobrist `pos_hash`) in a hash set, and the numbers of black and white
//   stones of every colouring (ttrules' history filters by the same numbers). A move to numbers
//   no colouring had cannot repeat one unless it empties a point: the rejection try plays it at
//   once and looks `pos_hash` up only when KataGo's capture counts moved (a repetition found so
//   is taken back by replaying the game). Other moves, and the full list, are looked up before
//   by `Board::getPosHashAfterMove`. A hit is confirmed by comparing the whole colouring with
//   the one stored (rebuilt by replaying the game, hits are rare).
//   Simple ko and single-stone suicide are KataGo's own `isLegal` (both are repetitions).
// - The list of empty points, in ttrules' order: swap-remove on a move, then, when KataGo's
//   capture counts say the move removed stones, the points of each captured chain appended in
//   the order of ttrules' chain rings (ttrules' `Fast::place`, `join`, `remove_chain`). KataGo
//   keeps its rings in another order, so the driver keeps a copy of ttrules' rings (head, next,
//   stone count); the draws index that list, so this order decides the games. `--katago-order`
//   appends captured points in KataGo's own ring order instead (a removed chain's
//   `next_in_chain` stays as it was): other games, but the cost without the copy.
// - The full list in ttrules' order: first the moves that empty nothing by ttrules' mask
//   (`move_masks`: an empty neighbour, or a neighbour of the mover's whose chain has another
//   liberty; and the only liberty of no opponent chain), then the others, each part by point
//   index (row by row); eyelike points and illegal moves left out.
//
// Rules: Tromp-Taylor with exact positional superko, multi-stone suicide allowed (KataGo's
// `isLegal(loc, pla, true)`).

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "game/board.h"

namespace {

// bench/src/lib.rs `Rng`: xorshift64*, seeded as there.
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s((seed * 0x9E3779B97F4A7C15ULL) | 1) {}
  inline uint64_t next() {
    uint64_t x = s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    s = x;
    return x * 0x2545F4914F6CDD1DULL;
  }
  // Uniform in 0..n, 0 < n < 2^32.
  inline size_t below(size_t n) { return (size_t)(((next() >> 32) * (uint64_t)n) >> 32); }
};

// FNV-1a over the games: each move's x and y, a pass (255, 255), the end of a playout
// (254, 254). The ttrules side: bench/examples/digest.rs.
struct Digest {
  uint64_t h = 0xcbf29ce484222325ULL;
  inline void byte(uint8_t b) {
    h ^= b;
    h *= 0x100000001b3ULL;
  }
  // DIGEST_TRACE set: every pair is also printed on stderr, to find where two drivers' games part.
  bool trace = getenv("DIGEST_TRACE") != nullptr;
  inline void pair(uint8_t a, uint8_t b) {
    if(trace) fprintf(stderr, "%d %d\n", a, b);
    byte(a);
    byte(b);
  }
};

// The colourings of a game by their hash: open addressing, one slot (hash, generation, index)
// per line of probing, a slot valid when it holds the current generation (a new game starts a
// new one instead of clearing the table).
struct PosSet {
  struct Slot {
    Hash128 key;
    uint32_t gen;
    int32_t index;
  };
  std::vector<Slot> slots;
  uint64_t mask = 0;
  uint32_t cur = 1;

  explicit PosSet(size_t positions) {
    size_t cap = 16;
    while(cap < 4 * positions) cap *= 2;
    slots.assign(cap, Slot{Hash128(), 0, 0});
    mask = cap - 1;
  }
  void clear() {
    if(++cur == 0) {
      for(Slot& s : slots) s.gen = 0;
      cur = 1;
    }
  }
  inline void insert(Hash128 h, int i) {
    uint64_t s = h.hash0 & mask;
    while(slots[s].gen == cur) s = (s + 1) & mask;
    slots[s] = Slot{h, cur, i};
  }
  // Whether a stored colouring has hash `h` and `same(its index)`.
  template <typename F>
  inline bool contains(Hash128 h, F same) const {
    uint64_t s = h.hash0 & mask;
    while(slots[s].gen == cur) {
      if(slots[s].key == h && same(slots[s].index)) return true;
      s = (s + 1) & mask;
    }
    return false;
  }
};

struct Move {
  Loc loc;
  Player pla;
};

// What the neighbours of an empty point say about a move there: whether it has an empty
// neighbour, a neighbour chain of the mover's with another liberty or in atari, an opponent
// chain in atari (the move captures).
struct Around {
  bool empty = false, ownLive = false, ownAtari = false, oppAtari = false;
  // The move empties nothing (captures nothing, and the placed stone reaches empty).
  inline bool plain() const { return !oppAtari && (empty || ownLive); }
  // ttrules' full-list mask (`move_masks`): also leaves out an own chain's only liberty.
  inline bool plainMask() const { return !oppAtari && (empty || (ownLive && !ownAtari)); }
};

template <bool KATAGO_ORDER>
struct Playouts {
  int w, h, stride;
  Board start;
  Board b;
  Player pla = P_BLACK;
  // The empty points and each one's position in the list; those of the empty board.
  Loc empties[Board::MAX_ARR_SIZE];
  int emptyPos[Board::MAX_ARR_SIZE];
  int nEmpty = 0;
  Loc startEmpties[Board::MAX_ARR_SIZE];
  int startEmptyPos[Board::MAX_ARR_SIZE];
  int area;
  // ttrules' chain rings (see the header).
  Loc mHead[Board::MAX_ARR_SIZE];
  Loc mNext[Board::MAX_ARR_SIZE];
  int mStones[Board::MAX_ARR_SIZE];
  // Superko.
  PosSet seen;
  Move moves[3 * Board::MAX_LEN * Board::MAX_LEN + 1];
  int nMoves = 0;
  // Whether the last turn was a pass (KataGo's simple-ko ban lifted).
  bool passed = false;
  // The numbers of black and white stones on the board as one index, black * (area + 1) +
  // white (`step[player]` is one stone of that player), and which of those pairs some colouring
  // of this game had (`countGen[index] == game`).
  int counts = 0;
  int step[3];
  std::vector<uint32_t> countGen;
  uint32_t game = 0;
  long long repetitions = 0;

  Playouts(int w_, int h_)
      : w(w_), h(h_), stride(w_ + 1), start(w_, h_), b(w_, h_), area(w_ * h_), seen(3 * w_ * h_ + 2),
        countGen((w_ * h_ + 1) * (w_ * h_ + 1), 0) {
    step[0] = 0;
    step[P_BLACK] = area + 1;
    step[P_WHITE] = 1;
    nEmpty = 0;
    for(int y = 0; y < h; y++)
      for(int x = 0; x < w; x++) addEmpty(Location::getLoc(x, y, w));
    memcpy(startEmpties, empties, sizeof empties);
    memcpy(startEmptyPos, emptyPos, sizeof emptyPos);
    reset();
  }

  inline void noteColouring() {
    countGen[counts] = game;
    seen.insert(b.pos_hash, nMoves);
  }
  inline int libs(Loc a) const { return b.chain_data[b.chain_head[a]].num_liberties; }

  void reset() {
    b = start;
    pla = P_BLACK;
    memcpy(empties, startEmpties, area * sizeof(Loc));
    memcpy(emptyPos, startEmptyPos, sizeof emptyPos);
    nEmpty = area;
    seen.clear();
    nMoves = 0;
    passed = false;
    counts = 0;
    if(++game == 0) {
      std::fill(countGen.begin(), countGen.end(), 0);
      game = 1;
    }
    noteColouring();
  }

  inline void addEmpty(Loc l) {
    emptyPos[l] = nEmpty;
    empties[nEmpty++] = l;
  }
  inline void removeEmpty(Loc l) {
    int pos = emptyPos[l];
    Loc last = empties[--nEmpty];
    empties[pos] = last;
    emptyPos[last] = pos;
  }
  // Whether the empty point `a` is missing from the empty list.
  inline bool notListed(Loc a) const {
    int p = emptyPos[a];
    return p >= nEmpty || empties[p] != a;
  }

  // bench/src/lib.rs `eyelike_by`. The colours are 0 empty, 1 black, 2 white, 3 off the board:
  // a point is the mover's or off the board when it has the mover's bit.
  inline bool eyelike(Loc l) const {
    const Color* c = b.colors + l;
    if((c[-1] & c[1] & c[-stride] & c[stride] & pla) == 0) return false;
    Color opp = getOpp(pla);
    const Color d[4] = {c[-stride - 1], c[-stride + 1], c[stride - 1], c[stride + 1]};
    int theirs = (d[0] == opp) + (d[1] == opp) + (d[2] == opp) + (d[3] == opp);
    bool off = (d[0] == C_WALL) | (d[1] == C_WALL) | (d[2] == C_WALL) | (d[3] == C_WALL);
    return theirs + off < 2;
  }

  inline Around around(Loc l) const {
    Around r;
    Player opp = getOpp(pla);
    const Loc ns[4] = {(Loc)(l - 1), (Loc)(l + 1), (Loc)(l - stride), (Loc)(l + stride)};
    for(Loc a : ns) {
      Color c = b.colors[a];
      if(c == C_EMPTY)
        r.empty = true;
      else if(c == pla) {
        bool atari = libs(a) == 1;
        r.ownAtari |= atari;
        r.ownLive |= !atari;
      } else if(c == opp)
        r.oppAtari |= libs(a) == 1;
    }
    return r;
  }

  // Whether some colouring of this game had the numbers of stones after `pla` places one and
  // empties nothing.
  inline bool countsSeenAfterPlain() const { return countGen[counts + step[pla]] == game; }

  // Whether the colouring after `pla` plays `l` is a colouring of this game, exactly. A move
  // that empties nothing to numbers of stones never seen cannot repeat one.
  inline bool repeats(Loc l) {
    if(!countsSeenAfterPlain() && around(l).plain()) return false;
    return lookup(l);
  }
  // The same, the neighbours already read (the full list).
  inline bool repeats(Loc l, const Around& r, bool countsSeen) {
    if(!countsSeen && r.plain()) return false;
    return lookup(l);
  }
  bool lookup(Loc l) {
    Hash128 hash = b.getPosHashAfterMove(l, pla);
    if(!seen.contains(hash, [&](int j) { return sameAs(l, j); })) return false;
    repetitions++;
    return true;
  }

  // Whether the colouring after `pla` plays `l` is the one after the game's first `j` moves.
  bool sameAs(Loc l, int j) const {
    Board next = b;
    next.playMoveAssumeLegal(l, pla);
    Board then = start;
    for(int k = 0; k < j; k++) then.playMoveAssumeLegal(moves[k].loc, moves[k].pla);
    for(int y = 0; y < h; y++)
      for(int x = 0; x < w; x++) {
        Loc a = Location::getLoc(x, y, w);
        if(next.colors[a] != then.colors[a]) return false;
      }
    return true;
  }

  // ttrules' `join`: one ring, the head of the larger kept (ties: `a`).
  inline void join(Loc a, Loc bb) {
    Loc keep = a, gone = bb;
    if(mStones[a] < mStones[bb]) {
      keep = bb;
      gone = a;
    }
    Loc x = gone;
    while(true) {
      mHead[x] = keep;
      Loc nx = mNext[x];
      if(nx == gone) break;
      x = nx;
    }
    mStones[keep] += mStones[gone];
    Loc after = mNext[keep];
    mNext[keep] = gone;
    mNext[x] = after;
  }

  // Appends the points of the ring through `from` to the empty list; returns how many.
  inline int emptyRing(const Loc* next, Loc from) {
    int n = 0;
    Loc x = from;
    do {
      addEmpty(x);
      n++;
      x = next[x];
    } while(x != from);
    return n;
  }

  void play(Loc l) {
    place(l);
    noteColouring();
    pla = getOpp(pla);
  }

  // The move on KataGo's board and in the driver's lists, its colouring not yet noted and
  // `pla` still the mover; whether it emptied a point.
  inline bool place(Loc l) {
    // ttrules' neighbour order: x - 1, x + 1, y - 1, y + 1.
    const Loc ns[4] = {(Loc)(l - 1), (Loc)(l + 1), (Loc)(l - stride), (Loc)(l + stride)};
    if(!KATAGO_ORDER) {
      mHead[l] = l;
      mNext[l] = l;
      mStones[l] = 1;
      for(Loc a : ns)
        if(b.colors[a] == pla && mHead[a] != mHead[l]) join(mHead[l], mHead[a]);
    }
    removeEmpty(l);
    int captured = b.numBlackCaptures + b.numWhiteCaptures;
    b.playMoveAssumeLegal(l, pla);
    counts += step[pla];
    moves[nMoves++] = {l, pla};
    passed = false;
    // KataGo counts the stones a move removes: most moves remove none.
    if(b.numBlackCaptures + b.numWhiteCaptures == captured) return false;
    emptied(l, ns);
    return true;
  }

  // Whether the colouring on the board is the one after the game's first `j` moves.
  bool sameNow(int j) const {
    Board then = start;
    for(int k = 0; k < j; k++) then.playMoveAssumeLegal(moves[k].loc, moves[k].pla);
    for(int y = 0; y < h; y++)
      for(int x = 0; x < w; x++) {
        Loc a = Location::getLoc(x, y, w);
        if(b.colors[a] != then.colors[a]) return false;
      }
    return true;
  }

  // Takes back the game's last move, placed by `place` (a repetition, rare): the game is
  // replayed from the start, the driver's lists with it, and a pass after the last move
  // before it lifts KataGo's simple-ko ban again.
  void takeBack(bool passedBefore) {
    Player mover = pla;
    int n = nMoves - 1;
    reset();
    for(int k = 0; k < n; k++) {
      pla = moves[k].pla;
      play(moves[k].loc);
    }
    if(passedBefore) b.playMoveAssumeLegal(Board::PASS_LOC, mover);
    passed = passedBefore;
    pla = mover;
  }

  // The points the move on `l` emptied into the list. KataGo leaves a removed chain's ring
  // (next_in_chain, chain_head) as it was, which `--katago-order` walks.
  void emptied(Loc l, const Loc ns[4]) {
    const Loc* next = KATAGO_ORDER ? b.next_in_chain : mNext;
    const Loc* head = KATAGO_ORDER ? b.chain_head : mHead;
    if(b.colors[l] == C_EMPTY) {
      // A suicide: the chain of `l` is gone (it captured nothing).
      counts -= step[pla] * emptyRing(next, head[l]);
      return;
    }
    // The opponent chains captured, first neighbour first: a neighbour empty now and not yet
    // listed (the neighbours empty before the move are listed).
    for(int i = 0; i < 4; i++)
      if(b.colors[ns[i]] == C_EMPTY && notListed(ns[i])) counts -= step[getOpp(pla)] * emptyRing(next, head[ns[i]]);
  }

  // A pass changes no point; KataGo's pass lifts its simple-ko ban (a recapture after it is
  // judged by the superko lookup, as ttrules judges it).
  inline void pass() {
    b.playMoveAssumeLegal(Board::PASS_LOC, pla);
    passed = true;
    pla = getOpp(pla);
  }

  // The rejection protocol's try. A move to numbers of stones no colouring of the game had
  // cannot repeat one unless it empties a point, which KataGo's capture counts tell after the
  // move: such a move is played first and its colouring looked up after (a repetition is
  // taken back); otherwise the colouring after it is looked up before.
  inline bool playIfLegalNonEyelike(Loc l) {
    if(eyelike(l) || !b.isLegal(l, pla, true)) return false;
    if(countsSeenAfterPlain()) {
      if(lookup(l)) return false;
      play(l);
      return true;
    }
    bool passedBefore = passed;
    if(place(l) && seen.contains(b.pos_hash, [&](int j) { return sameNow(j); })) {
      repetitions++;
      takeBack(passedBefore);
      return false;
    }
    noteColouring();
    pla = getOpp(pla);
    return true;
  }

  // The full list in ttrules' order into `out` (`rest` is scratch); returns its length.
  int legalNonEyelike(Loc* out, Loc* rest) {
    int n = 0, nRest = 0;
    bool countsSeen = countsSeenAfterPlain();
    for(int y = 0; y < h; y++)
      for(int x = 0; x < w; x++) {
        Loc l = Location::getLoc(x, y, w);
        if(b.colors[l] != C_EMPTY || eyelike(l) || !b.isLegal(l, pla, true)) continue;
        Around r = around(l);
        if(repeats(l, r, countsSeen)) continue;
        if(r.plainMask())
          out[n++] = l;
        else
          rest[nRest++] = l;
      }
    memcpy(out + n, rest, nRest * sizeof(Loc));
    return n + nRest;
  }
};

struct Stats {
  uint64_t playouts = 0, turns = 0, moves = 0;
};

// bench/src/lib.rs `rejection_turn` and `rejection_retry`, draw for draw.
template <typename P>
bool rejectionTurn(P& e, Rng& rng, std::vector<uint32_t>& rejected, uint32_t& turnNo, std::vector<size_t>& remaining) {
  size_t n = e.nEmpty;
  if(n == 0) {
    e.pass();
    return false;
  }
  size_t k = rng.below(n);
  if(e.playIfLegalNonEyelike(e.empties[k])) return true;
  if(rejected.size() < n) rejected.resize(n, 0);
  if(++turnNo == 0) {
    std::fill(rejected.begin(), rejected.end(), 0);
    turnNo = 1;
  }
  uint32_t turn = turnNo;
  rejected[k] = turn;
  size_t nRejected = 1;
  bool listed = false;
  while(true) {
    if(nRejected == n) {
      e.pass();
      return false;
    }
    if(!listed && 2 * nRejected > n) {
      remaining.clear();
      for(size_t j = 0; j < n; j++)
        if(rejected[j] != turn) remaining.push_back(j);
      listed = true;
    }
    size_t at = 0;
    if(listed) {
      at = rng.below(remaining.size());
      k = remaining[at];
    } else {
      while(true) {
        k = rng.below(n);
        if(rejected[k] != turn) break;
      }
    }
    if(e.playIfLegalNonEyelike(e.empties[k])) return true;
    if(listed) {
      remaining[at] = remaining.back();
      remaining.pop_back();
    } else {
      rejected[k] = turn;
    }
    nRejected++;
  }
}

template <bool KATAGO_ORDER>
Stats run(bool full, int size, uint64_t playouts, uint64_t seed, Digest* digest, long long& reps) {
  auto* e = new Playouts<KATAGO_ORDER>(size, size);
  Rng rng(seed);
  std::vector<uint32_t> rejected(size * size, 0);
  uint32_t turnNo = 0;
  std::vector<size_t> remaining;
  remaining.reserve(size * size);
  std::vector<Loc> list(size * size), rest(size * size);
  const int cap = 3 * size * size;
  Stats st;
  while(st.playouts < playouts) {
    e->reset();
    int passes = 0, turns = 0;
    while(turns < cap && passes < 2) {
      bool placed;
      Loc l = Board::PASS_LOC;
      if(full) {
        int n = e->legalNonEyelike(list.data(), rest.data());
        if(n == 0) {
          e->pass();
          placed = false;
        } else {
          l = list[rng.below(n)];
          e->play(l);
          placed = true;
        }
      } else {
        placed = rejectionTurn(*e, rng, rejected, turnNo, remaining);
        if(placed && digest) l = e->moves[e->nMoves - 1].loc;
      }
      turns++;
      if(placed) {
        passes = 0;
        st.moves++;
        if(digest) digest->pair((uint8_t)Location::getX(l, size), (uint8_t)Location::getY(l, size));
      } else {
        passes++;
        if(digest) digest->pair(255, 255);
      }
    }
    if(digest) digest->pair(254, 254);
    st.turns += turns;
    st.playouts++;
  }
  reps = e->repetitions;
  delete e;
  return st;
}

int usage() {
  fprintf(stderr, "usage: playouts rejection|full SIZE PLAYOUTS SEED [--digest] [--katago-order]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if(argc < 5) return usage();
  std::string mode = argv[1];
  if(mode != "rejection" && mode != "full") return usage();
  char* end;
  long size = strtol(argv[2], &end, 10);
  if(*end || size < 2 || size > Board::MAX_LEN) {
    fprintf(stderr, "playouts: SIZE must be 2 to %d, not %s\n", Board::MAX_LEN, argv[2]);
    return 2;
  }
  unsigned long long playouts = strtoull(argv[3], &end, 10);
  if(*end || playouts == 0) return usage();
  unsigned long long seed = strtoull(argv[4], &end, 10);
  if(*end) return usage();
  bool digest = false, katagoOrder = false;
  for(int i = 5; i < argc; i++) {
    std::string a = argv[i];
    if(a == "--digest")
      digest = true;
    else if(a == "--katago-order")
      katagoOrder = true;
    else
      return usage();
  }
  Board::initHash();
  Digest d;
  long long reps = 0;
  bool full = mode == "full";
  Stats st = katagoOrder ? run<true>(full, (int)size, playouts, seed, digest ? &d : nullptr, reps)
                         : run<false>(full, (int)size, playouts, seed, digest ? &d : nullptr, reps);
  printf("katago-board %s %ldx%ld seed %llu playouts %" PRIu64 " turns %" PRIu64 " moves %" PRIu64,
         mode.c_str(), size, size, seed, st.playouts, st.turns, st.moves);
  if(digest) printf(" digest %016" PRIx64, d.h);
  printf(" superko-rejections %lld%s\n", reps, katagoOrder ? " (KataGo's ring order: other games)" : "");
  return 0;
}
