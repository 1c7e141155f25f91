"""The layering the code promises (DEVELOPERS.md), checked from the source itself so a new module is covered the
day it is added:

- the engine (dealer/) never imports Flask or its companions, neither directly nor through another module;
- the web layer reads the engine through its public face, the names of ``dealer/__init__.py``: it imports
  ``dealer`` itself and no module under it (type-only imports included), never a rule-topic module (betting,
  draws, pots, showdown), and never reads a game's ``.state`` (nor does a template);
- no section of the house card or ruling number is typed in the web layer outside its citation helper
  (web/citations.py): the engine says which rule each sentence applies, the web layer only links it;
- no import cycle among dealer/ and web/ modules, type-only imports included; the engine's modules never import
  their own package's public face (``dealer``), so importing it from web/ cannot close a circle;
- no module of dealer/ or web/ over 400 lines;
- the engine's folders are floors: rules/ and reference/ at the bottom, then record/, view/, formats/; no module
  imports from a folder above its own (type-only imports included), reference/ reads only rules/, and the root
  modules errors.py and messages.py are the ground every floor stands on (they import no floor).
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("dealer", "web")
WEB_FRAMEWORK = ("flask", "flask_babel", "werkzeug", "jinja2")
RULE_TOPICS = ("dealer.rules.betting", "dealer.rules.draws", "dealer.rules.pots", "dealer.rules.showdown")
ENGINE = "dealer"
CITATION_HELPER = ROOT / "web" / "citations.py"
MAX_LINES = 400


# --- reading the source --------------------------------------------------------------------------------------

def sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


@dataclass(frozen=True)
class Import:
    """One module an import statement (or ``importlib.import_module("…")``) asks for, with its line."""

    line: int
    module: str  # the module named: ``from a.b import c`` gives "a.b"
    names: tuple[str, ...] = ()  # the names taken from it: ("c",); a name may be a submodule ("a.b.c")
    type_only: bool = False  # under ``if TYPE_CHECKING:``: read by the type checker, never run

    def __str__(self) -> str:
        taken = f" ({', '.join(self.names)})" if self.names else ""
        return f"{self.line} imports {self.module or '.'}{taken}"


def base_of(path: Path, level: int, module: str | None) -> str:
    """The absolute module a ``from`` import starts from: ``from . import x`` in web/player.py is "web"."""
    if level == 0:
        return module or ""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package.pop()  # a module's own package is its parent; a package's __init__ is the package itself
    if level > 1:
        package = package[: len(package) - (level - 1)]
    return ".".join([*package, *([module] if module else [])])


def imports(path: Path, text: str | None = None) -> Iterator[Import]:
    """Every import in the module at ``path`` (its source is ``text``, else read from the file)."""
    tree = ast.parse(path.read_text() if text is None else text, filename=str(path))
    type_only = {id(inner) for node in ast.walk(tree) if isinstance(node, ast.If) and is_type_checking(node.test)
                 for statement in node.body for inner in ast.walk(statement)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(node.lineno, alias.name, type_only=id(node) in type_only)
        elif isinstance(node, ast.ImportFrom):
            yield Import(node.lineno, base_of(path, node.level, node.module),
                         tuple(alias.name for alias in node.names), id(node) in type_only)
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            called = node.func
            name = called.attr if isinstance(called, ast.Attribute) else called.id if isinstance(called, ast.Name) \
                else ""
            if name in ("import_module", "__import__"):
                yield Import(node.lineno, node.args[0].value)


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def names_asked_for(found: Import) -> list[str]:
    """Every dotted module name an import may load: the module, and each imported name as a possible submodule."""
    return [found.module, *(f"{found.module}.{name}" if found.module else name for name in found.names)]


def within(name: str, module: str) -> bool:
    return name == module or name.startswith(module + ".")


def test_import_reader_understands_every_form() -> None:
    """The checks below lean on this reader: it must see absolute, relative and dynamic imports alike."""
    code = ("import dealer.rules.betting\nimport dealer.rules.pots as pots\nfrom dealer.rules import showdown\n"
            "from dealer.rules.draws import x\nfrom . import tables\nfrom .presenter import present\n"
            "from .. import dealer\nimport importlib\nimportlib.import_module('flask')\n"
            "if TYPE_CHECKING:\n    from dealer.view.snapshot import Snapshot\n")
    found = list(imports(ROOT / "web" / "probe.py", code))  # as if it were a module of web/ (never written)
    asked = {name for one in found for name in names_asked_for(one)}
    assert {"dealer.rules.betting", "dealer.rules.pots", "dealer.rules.showdown", "dealer.rules.draws", "web.tables",
            "web.presenter", "dealer", "flask", "dealer.view.snapshot"} <= asked, asked
    assert [one.type_only for one in found if one.module == "dealer.view.snapshot"] == [True]
    assert base_of(ROOT / "web" / "__init__.py", 1, "service") == "web.service"


# --- the engine never imports Flask --------------------------------------------------------------------------

ENGINE_IMPORTS = f"""
import importlib, json, pkgutil, sys
FORBIDDEN = {WEB_FRAMEWORK!r}
import dealer
found = {{}}
for info in pkgutil.walk_packages(dealer.__path__, "dealer."):
    before = set(sys.modules)
    importlib.import_module(info.name)
    found[info.name] = sorted(name for name in set(sys.modules) - before if name.split(".")[0] in FORBIDDEN)
found["dealer"] = []
print(json.dumps({{"modules": found, "loaded": sorted(name for name in sys.modules
                                                    if name.split(".")[0] in FORBIDDEN)}}))
"""


def test_every_engine_module_imports_without_flask_werkzeug_or_jinja() -> None:
    """Every module under dealer/, found by pkgutil (a new one is covered automatically), imported in a fresh
    interpreter: none of them brings in the web framework, not even through another module."""
    result = subprocess.run([sys.executable, "-c", ENGINE_IMPORTS], cwd=ROOT, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout)
    modules: dict[str, list[str]] = report["modules"]
    on_disk = {module_name(path) for path in sources("dealer")}
    assert on_disk <= set(modules), f"pkgutil missed {sorted(on_disk - set(modules))}"
    guilty = {module: loaded for module, loaded in modules.items() if loaded}
    assert not guilty, f"engine modules that import the web framework: {guilty}"
    assert report["loaded"] == []


def test_no_engine_source_imports_the_web_framework() -> None:
    """The same promise read from the source, so a lazy import inside a function is caught too."""
    offences = [f"{relative(path)}:{found}" for path in sources("dealer") for found in imports(path)
                if found.module.split(".")[0] in WEB_FRAMEWORK]
    assert not offences, "\n".join(offences)


# --- the web layer does not reach into the rule topics -------------------------------------------------------

def test_web_layer_never_imports_the_rule_topic_modules() -> None:
    """web/ reads the engine's read model and service; betting, draws, pots and showdown are the engine's own."""
    offences = [f"{relative(path)}:{found}" for path in sources("web") for found in imports(path)
                if any(within(name, topic) for name in names_asked_for(found) for topic in RULE_TOPICS)]
    assert not offences, "\n".join(offences)


def engine_imports_beyond_the_public_face(path: Path, text: str | None = None) -> list[Import]:
    """The imports of one web/ module that reach past ``dealer`` itself: ``import dealer.x``, ``from dealer.x import
    y``, ``from dealer import x`` where ``x`` is a module under dealer/ (type-only imports count the same)."""
    engine_modules = {module_name(source) for source in sources(ENGINE)}
    return [one for one in imports(path, text)
            if (within(one.module, ENGINE) and one.module != ENGINE)
            or (one.module == ENGINE and any(f"{ENGINE}.{name}" in engine_modules for name in one.names))]


def test_the_public_face_finder_sees_every_form() -> None:
    code = ("from dealer import Game, Snapshot\nimport dealer\nfrom dealer import rules\nimport dealer.rules.cards\n"
            "from dealer.view.snapshot import Snapshot\nif TYPE_CHECKING:\n    from dealer.record.game import Game\n"
            "def lazy():\n    from dealer.formats import phh\n")
    lines = [one.line for one in engine_imports_beyond_the_public_face(ROOT / "web" / "probe.py", code)]
    assert lines == [3, 4, 5, 7, 9], lines


def test_the_engine_exports_what_it_names_and_the_web_layer_uses() -> None:
    """``dealer.__all__`` lists names the package really has, and every name web/ takes from ``dealer`` is listed."""
    import dealer

    public = set(dealer.__all__)
    assert public == {name for name in public if hasattr(dealer, name)}
    taken = {f"{relative(path)}:{one.line} {name}" for path in sources("web") for one in imports(path)
             if one.module == ENGINE for name in one.names if name not in public}
    assert not taken, sorted(taken)


def test_web_layer_imports_the_engine_only_through_its_public_face() -> None:
    """Every module under web/ takes the engine's names from ``dealer`` (dealer/__init__.py), never from a module
    under it: what the web layer may use is one list, and the engine's modules can move without touching web/."""
    offences = [f"{relative(path)}:{one}" for path in sources("web")
                for one in engine_imports_beyond_the_public_face(path)]
    assert not offences, "\n".join(offences)


def test_engine_modules_never_import_their_own_public_face() -> None:
    """Inside dealer/, modules import each other by module (``from ..rules.cards import Card``): a module that took a
    name from ``dealer`` itself would run the whole package first and close an import circle."""
    engine_modules = {module_name(source) for source in sources(ENGINE)}
    offences = [f"{relative(path)}:{one}" for path in sources(ENGINE) for one in imports(path)
                if one.module == ENGINE and (not one.names or
                                             any(f"{ENGINE}.{name}" not in engine_modules for name in one.names))]
    assert not offences, "\n".join(offences)


# --- the web layer never reads a game's state ----------------------------------------------------------------

GAME_STATE_IN_TEMPLATE = re.compile(r"\bgame\s*\.\s*state\b|\bgame\s*\[\s*['\"]state['\"]\s*\]")


def game_state_reads(path: Path, text: str | None = None) -> list[str]:
    """Lines of a Python module that read ``.state`` of a game: ``game.state``, ``self.game.state``,
    ``table.game.state``, ``slot.game.state``…"""
    tree = ast.parse(path.read_text() if text is None else text, filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "state":
            owner = node.value
            name = owner.id if isinstance(owner, ast.Name) else owner.attr if isinstance(owner, ast.Attribute) else ""
            if name in ("game", "_game"):
                found.append((node.lineno, f"{node.lineno}: {ast.unparse(node)}"))
    return [text for _, text in sorted(found)]


def test_game_state_finder_sees_every_form() -> None:
    code = ("a = game.state\nb = table.game.state.phase\nc = self._slot.game.state\nd = access.state(t)\n"
            "e = snap.phase\nf = game.snapshot().phase\n")
    assert [line.split(":")[0] for line in game_state_reads(ROOT / "web" / "probe.py", code)] == ["1", "2", "3"]
    assert GAME_STATE_IN_TEMPLATE.search("{{ table.game.state.phase }}")
    assert not GAME_STATE_IN_TEMPLATE.search("{{ table.phase }} {{ game_state }}")


def test_web_layer_never_reads_a_game_state() -> None:
    """The table's inner state is the engine's: web/ and the templates read the snapshot, or the few read-only
    properties a game offers (``phase``, ``over``, ``hand_number``, ``archivable``…)."""
    offences = [f"{relative(path)}:{line}" for path in sources("web") for line in game_state_reads(path)]
    for path in sorted((ROOT / "templates").rglob("*.html")):
        offences += [f"{relative(path)}:{number}: {line.strip()[:100]}"
                     for number, line in enumerate(path.read_text().splitlines(), start=1)
                     if GAME_STATE_IN_TEMPLATE.search(line)]
    assert not offences, "\n".join(offences)


# --- no rule number typed in the web layer -------------------------------------------------------------------

SECTION = re.compile(r"^(0?[1-9]|10)$")
RULING = re.compile(r"^[Rr]0?[1-9]\d?$")  # every ruling, R1 to R99 (R01 too)
TYPED_IN_TEXT = [
    (re.compile(r"§\s*\d"), "a § section number"),
    (re.compile(r"#[sr]\d"), "a rule reference anchor"),
]
TEMPLATE_KEYWORDS = re.compile(r"""\b(rule|ruling|section)\s*=\s*(['"])[^'"]*\2""")
JINJA_COMMENT = re.compile(r"\{#.*?#\}", re.S)
CITATION_WORDS = ("rule", "ruling", "section")


def docstrings(tree: ast.AST) -> set[int]:
    """ids of the docstring constants (they explain the helpers, e.g. "``/rules#s04`` for section 04")."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def text_constant(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def typed_citations_in_python(path: Path, text: str | None = None) -> list[str]:
    tree = ast.parse(path.read_text() if text is None else text, filename=str(path))
    skip = docstrings(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value
            found += [f"{node.lineno}: {what} in {text[:60]!r}" for pattern, what in TYPED_IN_TEXT
                      if pattern.search(text)]
            if RULING.match(text):
                found.append(f"{node.lineno}: the ruling number {text!r}")
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                value = text_constant(keyword.value)
                if keyword.arg in CITATION_WORDS and value is not None:
                    found.append(f"{node.lineno}: {keyword.arg}={value!r}")
            found += [f"{node.lineno}: the section number {argument!r} passed to a call"
                      for argument in map(text_constant, node.args) if argument is not None and SECTION.match(argument)]
        if isinstance(node, ast.Dict):
            for key, item in zip(node.keys, node.values, strict=True):
                typed = text_constant(item)
                if text_constant(key) in CITATION_WORDS and typed is not None:
                    found.append(f"{node.lineno}: {{{text_constant(key)!r}: {typed!r}}}")
    return sorted(found, key=lambda offence: int(offence.split(":")[0]))


def typed_citations_in_template(path: Path, text: str | None = None) -> list[str]:
    source = path.read_text() if text is None else text
    found: list[str] = []
    for number, line in enumerate(JINJA_COMMENT.sub(lambda comment: "\n" * comment.group().count("\n"),
                                                    source).splitlines(), start=1):
        found += [f"{number}: {what}: {line.strip()[:100]}" for pattern, what in TYPED_IN_TEXT if pattern.search(line)]
        found += [f"{number}: {match.group()}" for match in TEMPLATE_KEYWORDS.finditer(line)]
    return found


def test_citation_finders_see_every_form() -> None:
    """The check below is only as good as its finders: each form of a typed citation must be seen."""
    code = ('"""A docstring may say §04 and /rules#s04."""\nLine(gettext("x"), "07", "R15", "R27")\n'
            'msg("x", rule="04", ruling="R7")\nhref = "/rules#r07"\nlabel = f"§04 · {name}"\nbox = {"rule": "05"}\n'
            'fine = rule_url(rule=message.rule)\n')
    found = typed_citations_in_python(ROOT / "web" / "probe.py", code)
    for expected in ("'07' passed", "'R15'", "'R27'", "rule='04'", "ruling='R7'", "4: a rule reference anchor",
                     "5: a § section", "{'rule': '05'}"):
        assert any(expected in offence for offence in found), (expected, found)
    assert not [offence for offence in found if offence.startswith(("1:", "7:"))], found
    template = ("<a href=\"/rules#s04\">§04</a>\n{{ rule_url(rule='02') }}\n{# §09 in a comment is fine #}\n"
                "{{ cite(line) }}\n")
    lines = typed_citations_in_template(ROOT / "templates" / "probe.html", template)
    assert [offence.split(":")[0] for offence in lines] == ["1", "1", "2"], lines


def test_no_section_or_ruling_number_is_typed_in_the_web_layer() -> None:
    """The engine decides which rule a sentence applies (Msg.rule, Msg.ruling); the web layer only turns that into
    a link or a "§04 · R8" label, in one place: web/citations.py. The rule reference's content lives in dealer/."""
    offences: list[str] = []
    for path in sources("web"):
        if path != CITATION_HELPER:
            offences += [f"{relative(path)}:{offence}" for offence in typed_citations_in_python(path)]
    for path in sorted((ROOT / "templates").rglob("*.html")):
        offences += [f"{relative(path)}:{offence}" for offence in typed_citations_in_template(path)]
    assert not offences, f"{len(offences)} citations typed outside web/citations.py:\n" + "\n".join(offences)


# --- no import cycle -----------------------------------------------------------------------------------------

def import_graph() -> dict[str, dict[str, int]]:
    """module -> {module it imports: line}, among dealer/ and web/ modules only.

    ``from . import x`` is an edge to the submodule ``x`` (not to the package: importing a submodule runs the
    package's __init__ first, but that is no dependency of the submodule on the package's contents);
    ``from pkg import name`` where ``name`` is no submodule is an edge to ``pkg`` itself. An import inside a
    function counts (a lazy import hides a cycle from the interpreter, not from the design), and so does one under
    ``if TYPE_CHECKING:``: it never runs, but a circle of types is a circle of the design all the same.
    """
    modules = {module_name(path): path for package in PACKAGES for path in sources(package)}
    graph: dict[str, dict[str, int]] = {name: {} for name in modules}
    for name, path in modules.items():
        for found in imports(path):
            targets: list[str] = []
            submodules = [f"{found.module}.{item}" for item in found.names if f"{found.module}.{item}" in modules]
            targets += submodules
            if len(submodules) < len(found.names) or not found.names:
                # the module itself is needed: ``import a.b`` or ``from a.b import function``
                longest = found.module
                while longest and longest not in modules:
                    longest = longest.rpartition(".")[0]
                if longest:
                    targets.append(longest)
            for target in targets:
                if target != name:
                    graph[name].setdefault(target, found.line)
    return graph


def find_cycle(graph: dict[str, dict[str, int]]) -> list[str] | None:
    """One import cycle as [a, b, …, a], or None (depth-first search, iterative)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    for start in sorted(graph):
        if state.get(start):
            continue
        path = [start]
        stack = [iter(sorted(graph[start]))]
        state[start] = 1
        while stack:
            following = next(stack[-1], None)
            if following is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(following) == 1:
                return [*path[path.index(following):], following]
            elif not state.get(following):
                state[following] = 1
                path.append(following)
                stack.append(iter(sorted(graph[following])))
    return None


def test_cycle_finder_reports_the_cycle() -> None:
    graph = {"a": {"b": 1}, "b": {"c": 2}, "c": {"a": 3, "d": 4}, "d": {}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b": 1}, "b": {}, "c": {"b": 1}}) is None


def test_the_import_graph_sees_the_imports_within_and_between_the_packages() -> None:
    """A sanity check of the graph the cycle test walks: the packages import their own modules (by relative
    imports) and the web layer imports the engine (its public face, the package ``dealer`` itself)."""
    graph = import_graph()
    assert {"dealer", "web"} <= set(graph)
    edges = [(here, there) for here, targets in graph.items() for there in targets]
    for source, target in (("dealer.", "dealer."), ("web.", "web."), ("web.", "dealer")):
        assert any(here.startswith(source) and there.startswith(target) for here, there in edges), (source, target)
    assert ("dealer", "dealer.view.game") in edges  # the public face re-exports the engine's modules
    modules = {module_name(path) for package in PACKAGES for path in sources(package)}
    relative_edges = {(module_name(path), f"{base}.{name}") for package in PACKAGES for path in sources(package)
                      for found in imports(path) if (base := found.module)
                      for name in found.names if f"{base}.{name}" in modules}
    assert relative_edges and all(there in graph[here] for here, there in relative_edges)


def test_no_import_cycle_among_engine_and_web_modules() -> None:
    graph = import_graph()
    cycle = find_cycle(graph)
    if cycle:
        steps = [f"{here} imports {there} (line {graph[here][there]})" for here, there in pairwise(cycle)]
        pytest.fail("import cycle: " + " -> ".join(cycle) + "\n  " + "\n  ".join(steps))


# --- small modules -------------------------------------------------------------------------------------------

def test_no_engine_or_web_module_is_over_400_lines() -> None:
    long = {relative(path): count for package in PACKAGES for path in sources(package)
            if (count := len(path.read_text().splitlines())) > MAX_LINES}
    assert not long, f"over {MAX_LINES} lines: {long}"


# --- the engine's floors ---------------------------------------------------------------------------------------

FLOORS = {"rules": 0, "reference": 0, "record": 1, "view": 2, "formats": 3}  # folder -> floor, lowest first
GROUND, TOP = -1, 4  # the root modules errors.py and messages.py; the package's face, dealer/__init__.py
BESIDE_RULES = {"reference": {"rules", "reference"}}  # a folder that may read only these floors (and the ground)


def place(module: str) -> tuple[int, str] | None:
    """The floor of an engine module and the folder it lies in (None outside the engine)."""
    parts = module.split(".")
    if parts[0] != ENGINE:
        return None
    if len(parts) == 1:
        return TOP, ""
    if parts[1] in ("errors", "messages"):
        return GROUND, ""
    return FLOORS.get(parts[1], TOP), parts[1]


def targets(found: Import) -> list[str]:
    """The modules an import reads: ``from dealer.rules import betting`` reads dealer.rules.betting; a name taken
    from the package's face (``from dealer import Game``) reads the face."""
    package = ROOT.joinpath(*found.module.split("."), "__init__.py")
    if found.names and package.is_file():
        return [f"{found.module}.{name}" for name in found.names]
    return [found.module]


def floor_breaches(path: Path, text: str | None = None) -> list[str]:
    """The imports of one engine module that reach a floor above its own, or a folder it may not read."""
    here = place(module_name(path))
    if here is None or (path.name == "__init__.py" and here[0] == TOP):
        return []
    floor, folder = here
    found = []
    for one in imports(path, text):
        for target in targets(one):
            there = place(target)
            if there is None or there[1] == folder:
                continue
            allowed = BESIDE_RULES.get(folder)
            if there[0] > floor or (allowed is not None and there[0] != GROUND and there[1] not in allowed) or (
                    floor == GROUND and there[0] != GROUND):
                found.append(f"{relative(path)}:{one.line} imports {target}" + (" (type only)" * one.type_only))
    return found


def test_the_floor_finder_sees_every_form() -> None:
    code = ("from ..view.snapshot import Snapshot\nfrom .. import record\nfrom ..messages import Msg\n"
            "from .cards import Card\nif TYPE_CHECKING:\n    from dealer.formats import phh\nimport dealer\n")
    breaches = floor_breaches(ROOT / "dealer" / "rules" / "probe.py", code)  # as if under rules/ (never written)
    assert sorted(breach.split(" imports ")[1] for breach in breaches) == [
        "dealer", "dealer.formats.phh (type only)", "dealer.record", "dealer.view.snapshot"], breaches
    assert floor_breaches(ROOT / "dealer" / "reference" / "probe.py", "from ..record import facts\n")
    assert not floor_breaches(ROOT / "dealer" / "reference" / "probe.py", "from ..rules.cards import Card\n")
    assert floor_breaches(ROOT / "dealer" / "messages.py", "from .rules import cards\n")
    assert not floor_breaches(ROOT / "dealer" / "formats" / "probe.py", "from ..view.game import Game\n")


def test_no_engine_module_imports_from_a_floor_above_its_own() -> None:
    """rules/ and reference/ < record/ < view/ < formats/ (type-only imports included): each floor is built on the
    ones below, so a rule never waits on a display value and a display never reaches into the exports."""
    breaches = [breach for path in sources(ENGINE) for breach in floor_breaches(path)]
    assert not breaches, breaches
    folders = {path.parent.name for path in sources(ENGINE) if path.parent != ROOT / ENGINE}
    assert folders == set(FLOORS), f"a new folder of dealer/ needs its floor in FLOORS: {folders - set(FLOORS)}"
