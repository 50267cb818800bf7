"""The conformance matrix's verdicts on a cell (imported by `scripts/conformance`): which of the
adapter run's findings are held against a library, which of them its documentation states, and
the witness that confirms them with the library's own API.

A cell that is not pass or n/a is published only when its witness, a program under
`conformance/witnesses/ID/FAMILY.{js,py,rs,sh}` that uses the library as its documentation shows
(no adapter, no ttrules), reproduces it: the witness exits 0 when the library's answer differs
from the exact one it prints next to it, 1 when they agree, anything else on an error.
"""

import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WITNESSES = ROOT / "conformance" / "witnesses"
CRATES = ROOT / "conformance" / "crates"
WITNESS_TIMEOUT = 120  # seconds for one witness


def not_held(impl, finding):
    """Why a finding of the adapter run is not held against the library, or None.

    - A score that is right once the stones the library itself calls dead are removed
      (`final_status_list dead`): the matrix holds a library to its own stated dead stones
      (r[var.count.dead]); dead-stone judgement is no rule the libraries claim to share.
    - Under simple ko, a single-stone suicide refused as `ko` is clause (b) of r[var.ko.simple]
      (after a pass, or after the opponent's own single-stone suicide, a turn that leaves the
      colouring unchanged again): libraries that claim only "no immediate recapture" (clause (a))
      are not held to it, unless the row says it claims (b) (`claims_ko_b`).
    - A void game (r[var.ko.simple.cycle]) is an end-of-game rule: a library whose row does not
      claim the end of the game (GTP engines leave it to the controller) is not held to it.
    """
    kind, clause = finding["kind"], finding["clause"]
    if kind.startswith("dead-stone judgement"):
        return ("right once the stones the library calls dead are removed: the matrix holds a "
                "library to its own stated dead stones (r[var.count.dead])")
    if clause == "var.ko.simple" and "single-suicide" in kind and not impl.get("claims_ko_b"):
        return ("a single-stone suicide that leaves the colouring unchanged after an unchanged one "
                "(a pass) is clause (b) of r[var.ko.simple]; the library claims only the ban on an "
                "immediate recapture (clause (a))")
    if clause == "var.ko.simple.cycle" and "end" in impl.get("not_claimed", {}):
        return ("a void game (r[var.ko.simple.cycle]) is an end-of-game rule, and the library "
                "claims no end of the game")
    return None


def documented(impl, family, finding):
    """The documentation entry (`documented` in implementations.json) that states the finding's
    departure, or None. An entry names the clause and, optionally, the families and a word of
    the finding's kind it covers."""
    for d in impl.get("documented", []):
        if d["clause"] != finding["clause"]:
            continue
        if d.get("families") and family not in d["families"]:
            continue
        if d.get("kind") and d["kind"] not in finding["kind"]:
            continue
        return {"text": d["text"], "where": d["where"]}
    return None


def witness_path(impl_id, family, root=None):
    """The witness of a cell, whatever its language, or None (under `root`, default
    conformance/witnesses)."""
    for ext in ("js", "py", "rs", "sh"):
        p = (root or WITNESSES) / impl_id / f"{family}.{ext}"
        if p.exists():
            return p
    return None


def example_name(path):
    """The cargo example a Rust witness is (conformance/crates/Cargo.toml lists each)."""
    return f"{path.parent.name}-{path.stem}"


class Witnesses:
    """Runs witnesses; builds the Rust ones once (examples of conformance/crates)."""

    def __init__(self, python):
        self.python = python
        self.built = None  # None: not tried; True; or the error text

    def build_rust(self):
        if self.built is None:
            r = subprocess.run(
                ["cargo", "build", "-q", "--release", "--locked", "--manifest-path",
                 str(CRATES / "Cargo.toml"), "--examples"],
                capture_output=True, text=True, cwd=ROOT,
            )
            self.built = True if r.returncode == 0 else (r.stderr.strip()[-600:] or "cargo failed")
        return self.built

    def command(self, path):
        ext = path.suffix
        if ext == ".js":
            return ["node", str(path)], {"NODE_PATH": str(ROOT / "conformance" / "npm" / "node_modules")}
        if ext == ".py":
            return [str(self.python), str(path)], {}
        if ext == ".sh":
            return ["bash", str(path)], {}
        built = self.build_rust()
        if built is not True:
            raise RuntimeError(f"the Rust witnesses do not build: {built}")
        return [str(CRATES / "target" / "release" / "examples" / example_name(path))], {}

    def run(self, path):
        """{path, reproduced, output}; raises RuntimeError when the witness itself fails."""
        cmd, env = self.command(path)
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=WITNESS_TIMEOUT,
                               cwd=ROOT, env={**os.environ, **env})
        except subprocess.TimeoutExpired:
            raise RuntimeError(f"{path} did not finish in {WITNESS_TIMEOUT} s")
        if r.returncode not in (0, 1):
            tail = (r.stderr.strip() or r.stdout.strip())[-400:]
            raise RuntimeError(f"{path} exited {r.returncode}: {tail}")
        return {
            "path": str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path),
            "reproduced": r.returncode == 0,
            "output": r.stdout.strip(),
        }


def reproduce(finding, python, ttrules):
    """Runs the finding's "Reproduce with ttrules" command from the repository's root; None when
    it shows the disagreement (check-engine exits 1), else what went wrong."""
    cmd = finding.get("reproduce")
    if not cmd:
        return "no reproduce command"
    import shlex

    argv = shlex.split(cmd)
    argv[0] = str(ttrules)
    if finding.get("_tst"):
        # The run's own copy: a run without --update writes no published file.
        argv[argv.index("--tst") + 1] = finding["_tst"]
    engine = argv.index("--engine") + 1
    words = shlex.split(argv[engine])
    if words and words[0] == "python":
        words[0] = str(python)
    argv[engine] = " ".join(shlex.quote(w) for w in words)
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=300, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return "did not finish in 300 s"
    if r.returncode == 1:
        return None
    out = (r.stdout.strip().splitlines() or r.stderr.strip().splitlines() or ["no output"])[-1]
    return f"exit {r.returncode}: {out[:300]}"


def have(cmd):
    return shutil.which(cmd) is not None
