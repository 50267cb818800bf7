// ttrules' driver for KataGo's own rules code (cpp/game: Board, BoardHistory, Rules), the oracle of
// the KataGo differential (docs/src/reports/katago-differential.md). Our code, built against a
// KataGo checkout by scripts/katago-differential; KataGo's code never enters this repository.
//
// It calls KataGo's API as KataGo's own play loop and rules tests do (cpp/program/play.cpp,
// cpp/tests/testrules.cpp): BoardHistory::isLegal for every point and the pass before each turn,
// makeBoardMoveAssumeLegal for the turn, isGameFinished after it, and at the end either the score
// KataGo's history gave when it ended the game itself, or BoardHistory::endAndScoreGameNow (what
// testrules.cpp's finalScoreIfGameEndedNow checks equal to passing through every phase).
//
// Input, one game after another (points are indices y * width + x, x and y from 0):
//   G <width> <height> <komi> <rules string>
//   S <B|W to move> <width*height characters . X O, index order>      (optional setup)
//   M <point index | pass> ...                                          (the moves; ends the game)
// Output, per game:
//   T <width*height characters 0/1: isLegal of each point> <pass 0/1> <finished 0/1> <encore phase>
//     one line before each move and one after the last;
//   X <turn>   when KataGo finds move <turn> illegal (the game stops there);
//   R <no result 0/1> <white-minus-black score> <winner B|W|0> <own|now>
//     own: KataGo's history had ended and scored the game itself; now: endAndScoreGameNow.
//   E <message> for a line the driver cannot read (then the next game).

#include "game/boardhistory.h"
#include "game/rules.h"

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Game {
  int width = 0;
  int height = 0;
  float komi = 0.0f;
  std::string rules;
  Player toMove = P_BLACK;
  std::string grid;
  std::vector<int> moves;  // -1 is a pass
};

const char* winnerName(Player p) {
  if(p == P_BLACK)
    return "B";
  if(p == P_WHITE)
    return "W";
  return "0";
}

Loc locOf(const Game& g, int idx) {
  if(idx < 0)
    return Board::PASS_LOC;
  return Location::getLoc(idx % g.width, idx / g.width, g.width);
}

void printTurn(const Game& g, const Board& board, const BoardHistory& hist, Player pla) {
  std::string legal(g.width * g.height, '0');
  for(int i = 0; i < g.width * g.height; i++)
    legal[i] = hist.isLegal(board, locOf(g, i), pla) ? '1' : '0';
  std::cout << "T " << legal << ' ' << (hist.isLegal(board, Board::PASS_LOC, pla) ? 1 : 0) << ' '
            << (hist.isGameFinished ? 1 : 0) << ' ' << hist.encorePhase << '\n';
}

void run(const Game& g) {
  Rules rules;
  try {
    rules = Rules::parseRulesWithoutKomi(g.rules, g.komi);
  } catch(const StringError& e) {
    std::cout << "E rules " << e.what() << '\n';
    return;
  }
  Board board(g.width, g.height);
  for(size_t i = 0; i < g.grid.size(); i++) {
    char c = g.grid[i];
    if(c == 'X' || c == 'O')
      board.setStone(locOf(g, (int)i), c == 'X' ? C_BLACK : C_WHITE);
  }
  BoardHistory hist(board, g.toMove, rules, 0, false);
  // As KataGo's GTP engine and SGF reader do: a run of Black moves at the start is a handicap.
  hist.setAssumeMultipleStartingBlackMovesAreHandicap(true);
  Player pla = g.toMove;
  for(size_t t = 0; t < g.moves.size(); t++) {
    printTurn(g, board, hist, pla);
    Loc loc = locOf(g, g.moves[t]);
    if(!hist.isLegal(board, loc, pla)) {
      std::cout << "X " << t << '\n';
      return;
    }
    hist.makeBoardMoveAssumeLegal(board, loc, pla, NULL);
    pla = getOpp(pla);
  }
  printTurn(g, board, hist, pla);
  const char* how = "own";
  bool noResult = hist.isGameFinished && hist.isNoResult;
  if(!hist.isGameFinished) {
    hist.endAndScoreGameNow(board);
    how = "now";
  }
  std::cout << "R " << (noResult ? 1 : 0) << ' '
            << hist.finalWhiteMinusBlackScore << ' ' << winnerName(hist.winner) << ' ' << how
            << '\n';
}

}  // namespace

int main() {
  Board::initHash();
  std::ios::sync_with_stdio(false);
  std::string line;
  Game g;
  while(std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string kind;
    in >> kind;
    if(kind == "G") {
      g = Game();
      in >> g.width >> g.height >> g.komi >> g.rules;
      if(!in || g.width < 1 || g.height < 1 || g.width > Board::MAX_LEN || g.height > Board::MAX_LEN) {
        std::cout << "E game " << line << '\n';
        g.width = 0;
      }
    } else if(kind == "S") {
      std::string who;
      in >> who >> g.grid;
      g.toMove = who == "W" ? P_WHITE : P_BLACK;
      if(!in || (int)g.grid.size() != g.width * g.height) {
        std::cout << "E setup " << line << '\n';
        g.width = 0;
      }
    } else if(kind == "M") {
      std::string tok;
      bool ok = g.width > 0;
      while(ok && in >> tok) {
        if(tok == "pass") {
          g.moves.push_back(-1);
        } else {
          int idx = -1;
          try {
            idx = std::stoi(tok);
          } catch(...) {
            ok = false;
          }
          if(idx < 0 || idx >= g.width * g.height)
            ok = false;
          g.moves.push_back(idx);
        }
      }
      if(ok)
        run(g);
      else
        std::cout << "E moves " << line << '\n';
      std::cout << std::flush;
      g = Game();
    } else if(!kind.empty()) {
      std::cout << "E line " << line << '\n';
    }
  }
  return 0;
}
