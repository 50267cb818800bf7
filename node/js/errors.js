// The error classes of the package, evaluated once by the addon when it loads (src/errors.rs)
// and exported beside Game and Rules: every error the package throws is an instance of one of
// them. This file is an expression: the object of the classes.
(() => {
  /** Every error of ttrules. */
  class TtrulesError extends Error {
    constructor(message) {
      super(message);
      this.name = new.target.name;
    }
  }
  /** A bad argument value (a board size out of range, an unknown engine). */
  class TtrulesValueError extends TtrulesError {}
  /** An argument of the wrong type, e.g. `new Game("9")`. */
  class TtrulesTypeError extends TtrulesValueError {}
  /** A rules string that names no ruleset, KataGo rules or parameter list (r[var.params]). */
  class RulesError extends TtrulesValueError {}
  /** A board size outside 1..=25 in each dimension (r[tt.board.size]). */
  class SizeError extends TtrulesValueError {}
  /** A value that is not a point, or not a point of this board (r[tt.board]). */
  class PointError extends TtrulesValueError {}
  /** A komi that is not a multiple of 0.5 (r[param.komi]). */
  class KomiError extends TtrulesValueError {}
  /** A setup that cannot start a game (r[var.setup]). */
  class SetupError extends TtrulesValueError {}
  /** A turn the rules forbid; nothing changed (r[tt.turn.attempt]). */
  class IllegalMove extends TtrulesError {
    constructor(message, reason, clause, point, clauseUrl) {
      super(message);
      this.reason = reason;
      this.clause = clause;
      this.point = point;
      this.clauseUrl = clauseUrl;
    }
  }
  /** A record that cannot be replayed: not SGF, not Go, a refused game (r[rec.stop]). */
  class RecordError extends TtrulesError {
    constructor(message, kind, file, tree, games) {
      super(message);
      this.kind = kind;
      this.file = file;
      this.tree = tree;
      this.games = games || [];
    }
  }
  /** A bug in ttrules: a Rust panic, caught at the boundary. Please report it. */
  class InternalError extends TtrulesError {}
  return {
    TtrulesError,
    TtrulesValueError,
    TtrulesTypeError,
    RulesError,
    SizeError,
    PointError,
    KomiError,
    SetupError,
    IllegalMove,
    RecordError,
    InternalError,
  };
})()
