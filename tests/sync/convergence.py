#!/usr/bin/env python3
"""Three editors, one repository: random sequences of edits, syncs, pushes and pulls with real git.

    convergence.py BINARY [SEQUENCES] [SEED] [PART/PARTS]

Each sequence starts from the bundled sample in a bare origin and three clones (tree setup, an
empty database, sync; made once and copied, the same for every sequence), then makes random
steps: an editor sets a field (two editors may pick the same field), cites a new source for it,
clears it, makes or removes a cluster, reverts their own last change, signs records, syncs,
pushes or pulls; at the end each editor pulls, syncs and pushes in turn until all agree. It
checks, against a record of what each editor knew when they acted:
  - no change lost: every value set and never superseded by an editor who had seen it is in the
    final record, preferred or competing;
  - a merge conflict only where two editors set the same field;
  - every edit's changeset, its author and message, is in every clone's history;
  - all trees are byte-identical, and so are every database's export and the tree.
Exit 0 when every sequence holds; otherwise the first failure, with its seed, and the scratch
folder kept. PART/PARTS (say 2/3) plays every PARTS-th sequence from the PART-th, so that parts
run side by side as separate tests; sequence N is the same whichever part plays it.
"""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

BINARY = os.path.abspath(sys.argv[1])
SEQUENCES = int(sys.argv[2]) if len(sys.argv) > 2 else 100
SEED = int(sys.argv[3]) if len(sys.argv) > 3 else 31
PART, PARTS = (int(n) for n in (sys.argv[4] if len(sys.argv) > 4 else "1/1").split("/"))
if not 1 <= PART <= PARTS:
    sys.exit(f"convergence.py: part {PART} of {PARTS}: the part must be 1 to {PARTS}")
EDITORS = ["alice", "bob", "carol"]
CLUSTERS = ["olcf-frontier", "cscs-alps", "nersc-perlmutter"]
FIELDS = ["city", "region", "interconnect"]
VALUES = ["North", "South", "East"]


class Failure(Exception):
    pass


def run(args, cwd, env=None, check=True, stdin=None):
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, stdin=stdin)
    if check and done.returncode != 0:
        raise Failure(f"{' '.join(args)} -> {done.returncode}: {done.stderr.strip()}")
    return done


class Sequence:
    def __init__(self, folder, rng, number):
        self.folder, self.rng, self.number = folder, rng, number
        self.edits = []  # each: dict(editor, cluster, field, value, message, superseded)
        self.db_known = {e: set() for e in EDITORS}  # edit indexes each database holds
        self.tree_known = {e: set() for e in EDITORS}  # ... each clone's committed tree holds
        self.origin_known = set()
        self.created = {e: [] for e in EDITORS}  # (cluster, changeset) an editor made
        self.last_edit = {e: None for e in EDITORS}  # (edit index, changeset)
        self.step = 0
        self.removed = set()

    def env(self, editor):
        env = dict(os.environ)
        env.update(GPUCLUSTERS_AUTHOR=f"{editor.capitalize()} <{editor}@example.org>",
                   GIT_AUTHOR_NAME=editor, GIT_AUTHOR_EMAIL=f"{editor}@example.org",
                   GIT_COMMITTER_NAME=editor, GIT_COMMITTER_EMAIL=f"{editor}@example.org",
                   HOME=self.folder, GIT_CONFIG_NOSYSTEM="1", EDITOR=os.path.join(self.folder, "drop-field"))
        return env

    def gc(self, editor, *args, check=True):
        return run([BINARY, "--db", f"{editor}.db", *args], self.folder, self.env(editor), check)

    def git(self, editor, *args, check=True):
        return run(["git", "-C", editor, *args], self.folder, self.env(editor), check)

    def changeset(self, editor):
        out = run(["sqlite3", f"{editor}.db", "SELECT max(id) FROM changeset"], self.folder).stdout.strip()
        return int(out or 0)

    # --- the setting ---------------------------------------------------------------------------
    def start(self, template=None):
        """The setting, made here; or copied from TEMPLATE, a folder start() made, which is the same
        setting for a fraction of the processes (its clones then point at this folder's origin)."""
        if template:
            shutil.copytree(template, self.folder, symlinks=True, dirs_exist_ok=True)
            for clone in ["seed", *EDITORS]:
                self.git(clone, "remote", "set-url", "origin", os.path.join(self.folder, "origin.git"))
            return
        run(["git", "init", "-q", "--bare", "-b", "main", "origin.git"], self.folder)
        with open(os.path.join(self.folder, ".gitconfig"), "w") as config:
            config.write("[init]\n\tdefaultBranch = main\n[pull]\n\trebase = false\n")
        with open(os.path.join(self.folder, "drop-field"), "w") as script:
            script.write('#!/bin/sh\nsed -i "/^\\[field.$DROP_FIELD\\]$/,/^$/d" "$1"\n')
        os.chmod(os.path.join(self.folder, "drop-field"), 0o755)
        run(["git", "clone", "-q", "origin.git", "seed"], self.folder)
        os.mkdir(os.path.join(self.folder, "seed", "records"))
        run([BINARY, "tree", "setup", "seed"], self.folder, self.env("seed"))
        self.gc("seed", "init", "--sample")
        self.gc("seed", "sync", "seed/records")
        self.git("seed", "add", ".gitattributes")
        self.git("seed", "commit", "-qm", "records go to the merge driver")
        self.git("seed", "push", "-q", "origin", "main")
        for editor in EDITORS:
            run(["git", "clone", "-q", "origin.git", editor], self.folder)
            run([BINARY, "tree", "setup", editor], self.folder, self.env(editor))
            self.gc(editor, "init")
            self.gc(editor, "sync", f"{editor}/records")

    # --- the steps -----------------------------------------------------------------------------
    def new_edit(self, editor, cluster, field, value, message):
        index = len(self.edits)
        # What the editor's database knows of this field, it replaces.
        for known in self.db_known[editor]:
            edit = self.edits[known]
            if edit["cluster"] == cluster and edit["field"] in (field, "*"):
                edit["superseded"] = True
        self.edits.append(dict(editor=editor, cluster=cluster, field=field, value=value, message=message, superseded=False))
        self.db_known[editor].add(index)
        return index

    def source_args(self, editor):
        self.step += 1
        return ["--source", f"https://{editor}.example.org/s{self.number}-{self.step}", "--kind", "operator",
                "--quote", f"quote {self.step}"]

    def set_field(self, editor):
        cluster = self.rng.choice(self.live_clusters(editor))
        field, value = self.rng.choice(FIELDS), self.rng.choice(VALUES)
        message = f"{editor}: {cluster} {field} = {value} (step {self.step + 1})"
        done = self.gc(editor, "add", cluster, "--set", f"{field}={value}", *self.source_args(editor), "-m", message,
                       check=False)
        if done.returncode != 0:
            return
        if self.changeset(editor) == (self.last_edit[editor] or (0, 0))[1]:
            return  # nothing changed: the value was there from that source already
        index = self.new_edit(editor, cluster, field, value, message)
        self.last_edit[editor] = (index, self.changeset(editor))

    def clear_field(self, editor):
        cluster, field = self.rng.choice(self.live_clusters(editor)), self.rng.choice(FIELDS)
        before = self.changeset(editor)
        env = self.env(editor)
        env["DROP_FIELD"] = field
        message = f"{editor}: {cluster} {field} cleared (step {self.step})"
        run([BINARY, "--db", f"{editor}.db", "edit", cluster, "-m", message], self.folder, env, check=False)
        if self.changeset(editor) != before:
            self.new_edit(editor, cluster, field, None, message)
            self.last_edit[editor] = None

    def new_cluster(self, editor):
        self.step += 1
        cluster = f"{editor}-dc-{self.number}-{self.step}"
        message = f"{editor}: {cluster} made"
        self.gc(editor, "add", cluster, "--new", "--set", "owner=Example AI", *self.source_args(editor), "-m", message)
        index = self.new_edit(editor, cluster, "owner", "Example AI", message)
        self.created[editor].append((cluster, self.changeset(editor)))
        self.last_edit[editor] = (index, self.changeset(editor))

    def remove_cluster(self, editor):
        mine = [(c, cs) for c, cs in self.created[editor] if c not in self.removed]
        if not mine:
            return
        cluster, changeset = self.rng.choice(mine)
        message = f"{editor}: {cluster} removed"
        if self.gc(editor, "revert", str(changeset), "-m", message, check=False).returncode != 0:
            return
        self.removed.add(cluster)
        self.new_edit(editor, cluster, "*", None, message)
        self.last_edit[editor] = None

    def revert_last(self, editor):
        if not self.last_edit[editor]:
            return
        index, changeset = self.last_edit[editor]
        edit = self.edits[index]
        message = f"{editor}: step back from {edit['message']}"
        if self.gc(editor, "revert", str(changeset), "-m", message, check=False).returncode != 0:
            return
        edit["superseded"] = True
        self.new_edit(editor, edit["cluster"], edit["field"], None, message)
        self.last_edit[editor] = None

    def sign(self, editor):
        self.gc(editor, "verify", "--sign", *self.live_clusters(editor), "-m", f"{editor} signs", check=False)

    def sync(self, editor):
        self.gc(editor, "sync", f"{editor}/records")
        both = self.db_known[editor] | self.tree_known[editor]
        self.db_known[editor] = set(both)
        self.tree_known[editor] = set(both)

    def pull(self, editor):
        self.git(editor, "pull", "-q", "--no-edit")
        self.tree_known[editor] |= self.origin_known

    def push(self, editor):
        if self.git(editor, "push", "-q", check=False).returncode == 0:
            self.origin_known |= self.tree_known[editor]

    def live_clusters(self, editor):
        made = [c for c, _ in self.created[editor] if c not in self.removed]
        return CLUSTERS + made

    def play(self, steps):
        actions = [(self.set_field, 8), (self.clear_field, 2), (self.new_cluster, 1), (self.remove_cluster, 1),
                   (self.revert_last, 2), (self.sign, 1), (self.sync, 4), (self.pull, 3), (self.push, 3)]
        for _ in range(steps):
            action = self.rng.choices([a for a, _ in actions], [w for _, w in actions])[0]
            action(self.rng.choice(EDITORS))
        # Everyone meets everyone: pull, sync, push in turn, twice round.
        for _ in range(2):
            for editor in EDITORS:
                self.pull(editor)
                self.sync(editor)
                self.push(editor)
        for editor in EDITORS:
            self.pull(editor)
            self.sync(editor)

    # --- the checks ----------------------------------------------------------------------------
    def check(self):
        heads = {e: self.git(e, "rev-parse", "HEAD").stdout.strip() for e in EDITORS}
        if len(set(heads.values())) != 1:
            raise Failure(f"the clones' HEADs differ: {heads}")
        first = None
        for editor in EDITORS:
            export = os.path.join(self.folder, f"{editor}-export")
            self.gc(editor, "export", "--format", "toml", "--provenance", "-o", export)
            if run(["diff", "-r", export, os.path.join(editor, "records")], self.folder, check=False).returncode:
                raise Failure(f"{editor}'s export differs from the tree")
            first = first or export
            if run(["diff", "-r", first, export], self.folder, check=False).returncode:
                raise Failure(f"{editor}'s export differs from {EDITORS[0]}'s")
        self.check_no_change_lost(first)
        self.check_conflicts(first)
        self.check_histories()

    def field_values(self, export, cluster, field):
        path = os.path.join(export, f"{cluster}.toml")
        if not os.path.exists(path):
            return None, False
        text = open(path).read()
        if "removed = true" in text:
            return None, False
        values, conflict, inside = [], False, False
        for line in text.splitlines():
            if line.startswith("[field.") or line.startswith("[[field."):
                inside = line.startswith(f"[field.{field}]") or line.startswith(f"[[field.{field}.")
            elif inside and line.startswith("value = "):
                values.append(json.loads(line[len("value = "):]))
            elif inside and line == 'reason = "merge conflict"':
                conflict = True
        return values, conflict

    def check_no_change_lost(self, export):
        for edit in self.edits:
            if edit["superseded"] or edit["value"] is None or edit["cluster"] in self.removed:
                continue
            values, _ = self.field_values(export, edit["cluster"], edit["field"])
            if values is None or edit["value"] not in values:
                raise Failure(f"lost: {edit['message']} (the record has {values})")

    def check_conflicts(self, export):
        setters = {}
        for edit in self.edits:
            setters.setdefault((edit["cluster"], edit["field"]), set()).add(edit["editor"])
        for cluster in CLUSTERS:
            for field in FIELDS:
                _, conflict = self.field_values(export, cluster, field)
                if conflict and len(setters.get((cluster, field), ())) < 2:
                    raise Failure(f"a merge conflict in {cluster} {field}, which one editor alone changed")

    def check_histories(self):
        wanted = {(f"{e['editor'].capitalize()} <{e['editor']}@example.org>", e["message"]) for e in self.edits}
        for editor in EDITORS:
            log = json.loads(self.gc(editor, "--json", "log").stdout)
            seen = {(changeset["author"], changeset["message"]) for changeset in log}
            missing = wanted - seen
            if missing:
                raise Failure(f"{editor}'s history lacks {sorted(missing)[:2]}")


def main():
    rng = random.Random(SEED)
    template = tempfile.mkdtemp(prefix="gpuclusters-sync-setting-")
    try:
        Sequence(template, None, -1).start()
    except Failure as failure:
        print(f"the setting failed: {failure}\nkept {template}", file=sys.stderr)
        return 1
    try:
        return play_part(rng, template)
    finally:
        shutil.rmtree(template)


def play_part(rng, template):
    played = 0
    for number in range(SEQUENCES):
        # Drawn for every sequence, played or not, so that a sequence is the same in any part.
        sequence_seed, steps = rng.random(), rng.randint(4, 12)
        if number % PARTS != PART - 1:
            continue
        folder = tempfile.mkdtemp(prefix="gpuclusters-sync-")
        sequence = Sequence(folder, random.Random(sequence_seed), number)
        try:
            sequence.start(template)
            sequence.play(steps)
            sequence.check()
        except Failure as failure:
            print(f"sequence {number} (seed {SEED}) failed: {failure}\nkept {folder}", file=sys.stderr)
            return 1
        shutil.rmtree(folder)
        played += 1
    if played == 0:
        print(f"part {PART} of {PARTS} of {SEQUENCES} sequences plays none", file=sys.stderr)
        return 1
    print(f"{played} of {SEQUENCES} sequences of three editors converged (seed {SEED}, part {PART} of {PARTS})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
