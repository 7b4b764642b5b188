"""The layout is the architecture: each folder is one layer and imports only from the layers
below it, and no imports close a circle. The test reads every import statement (those inside
functions included) from the source files with the project's one import reader
(engine/io/source_imports.py, which the compiled code's cache key uses too), without importing them.

Layers, lowest first, are listed in LAYERS (a module belongs to the layer of its longest
listed prefix). Modules of one layer may import each other, as long as no circle closes.
The benchmarks and experiments (bench/) are the top layer, and nothing outside tests/ imports
from tests/: the tests import the project, never the other way round. Nor does a test module
import another: what tests share is in conftest.py files (fixtures, hypothesis profiles and
strategies), the only files under tests/ besides the test modules.

README.md's layout block lists the same layers in the same order (a test reads it), so the two
cannot drift apart.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from engine.io.source_imports import imports_in

ROOT = Path(__file__).resolve().parent.parent

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("the rules core, and the one 95% interval", ("engine", "engine.core")),
    ("text in and out: number reader, record files, progress line", ("engine.io",)),
    ("compiled code: the exact solver, the Club player's decisions, play-outs", ("engine.compiled",)),
    ("computer players (the Club player: the adapter of its compiled code)", ("engine.players",)),
    ("the analysis", ("engine.analysis",)),
    ("studies on Dask (call charts, the bidding model's fit)", ("engine.study",)),
    ("the search layer: the expert player, the player registry and the arena", ("engine.search",)),
    ("the puzzle bank: its records and the study that makes them", ("engine.puzzles",)),
    ("the command line", ("engine.cli", "engine.__main__")),
    ("lessons (no Streamlit)", ("lessons",)),
    ("the database", ("store",)),
    ("the practice table (no Streamlit)", ("practice",)),
    ("class mode's questions and marking (no Streamlit)", ("classroom",)),
    ("tables of people: seats, turns, leaving and coming back (no Streamlit)", ("multiplayer",)),
    ("Streamlit widgets", ("ui",)),
    ("pages", ("views",)),
    ("the router", ("app",)),
    ("benchmarks and experiments (python -m bench)", ("bench",)),
)
PACKAGES = ("engine", "store", "lessons", "practice", "classroom", "multiplayer", "ui", "views", "bench")
NO_STREAMLIT_BELOW = LAYERS.index(
    ("Streamlit widgets", ("ui",))
)  # everything below ui never imports Streamlit
TESTS = ROOT / "tests"
README = ROOT / "README.md"
# What README.md's layout block lists after the layers: the tests (they import every layer, bench/
# included) and the rule book.
README_NOT_LAYERS = ("tests/", "docs/rules.md")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    files = [ROOT / "app.py"] + [p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))]
    return {module_name(p): p for p in files if "__pycache__" not in p.parts}


def files_outside_tests() -> list[Path]:
    """Every Python file of the project that is not a test: the router, the packages and any
    top-level script."""
    return sorted(set(project_modules().values()) | set(ROOT.glob("*.py")))


def files_under_tests() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if "__pycache__" not in p.parts)


def imports_from_tests(path: Path, by_name: dict[str, Path] | None = None) -> list[tuple[str, int]]:
    """(module, line) for every import in the file of ``tests`` or a module under it. For a file
    under tests/, ``by_name`` (file name without .py -> file under tests/: pytest puts each test
    folder on sys.path) also finds those modules imported by their bare name, and every relative
    import (of a neighbour)."""
    found: list[tuple[str, int]] = []
    for imported in imports_in(path):
        if imported.level and by_name is None:
            continue
        name = "." * imported.level + imported.module
        if (
            name.split(".")[0] == "tests"
            or by_name is not None
            and (name.startswith(".") or name.split(".")[0] in by_name)
        ):
            found.append((name, imported.line))
    return found


def layer_of(module: str) -> int:
    best, best_len = -1, -1
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = index, len(prefix)
    assert best >= 0, f"{module} is in no layer: add it to LAYERS"
    return best


def imports_of(path: Path, modules: dict[str, Path], me: str | None = None) -> list[tuple[str, int]]:
    """(project module imported, line) for every import in the file (``me``: its module name)."""
    me = me or module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    found: list[tuple[str, int]] = []
    for imported in imports_in(path, package):
        names = (
            [imported.module]
            if not imported.names
            else [
                sub if (sub := f"{imported.module}.{alias}") in modules else imported.module
                for alias in imported.names
            ]
        )
        for name in names:
            while name and name not in modules:  # `import engine.core.hand.x` -> the deepest real module
                name = name.rpartition(".")[0]
            if name and name != me:
                found.append((name, imported.line))
    return found


def streamlit_imports(path: Path) -> list[int]:
    return [i.line for i in imports_in(path) if i.level == 0 and i.module.split(".")[0] == "streamlit"]


def test_every_import_points_down_a_layer() -> None:
    modules = project_modules()
    upward = []
    for name, path in modules.items():
        mine = layer_of(name)
        for target, line in imports_of(path, modules):
            theirs = layer_of(target)
            if theirs > mine:
                upward.append(
                    f"{path.relative_to(ROOT)}:{line} ({LAYERS[mine][0]}) imports {target} "
                    f"({LAYERS[theirs][0]})"
                )
    assert upward == [], "imports that point up a layer:\n" + "\n".join(upward)


def test_each_folder_is_one_layer() -> None:
    """A layer is named by folders (packages), never by single files: the engine's own folder holds
    only its package file and the command line's entry point, and every module of a folder is in
    that folder's layer."""
    loose = sorted(p.name for p in (ROOT / "engine").glob("*.py"))
    assert loose == ["__init__.py", "__main__.py"], f"loose files in engine/: {loose}"
    single_files = {"app", "engine.__main__"}  # the router, and `python -m engine`
    modules = project_modules()
    not_folders = [
        prefix
        for _, prefixes in LAYERS
        for prefix in prefixes
        if prefix not in single_files and not ROOT.joinpath(*prefix.split(".")).is_dir()
    ]
    assert not_folders == []
    mixed = [
        name
        for name, path in modules.items()
        if path.name != "__init__.py"
        and name not in single_files
        and layer_of(name) != layer_of(module_name(path.parent / "__init__.py"))
    ]
    assert mixed == [], f"modules in another layer than their folder: {mixed}"


def find_circles(graph: dict[str, list[str]]) -> list[list[str]]:
    circles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in graph.get(node, []):
            if state.get(nxt) == 1:
                circles.append(stack[stack.index(nxt) :] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return circles


def test_no_import_closes_a_circle() -> None:
    modules = project_modules()
    graph = {name: sorted({t for t, _ in imports_of(path, modules)}) for name, path in modules.items()}
    circles = find_circles(graph)
    assert circles == [], "import circles:\n" + "\n".join(" -> ".join(c) for c in circles)


FRONT_ENDS = ("ui", "views", "app")  # what draws: the widgets, the pages, the router
NOT_FROM_THE_FRONT = (
    "store",  # reached through a service below ui/ (practice.records, classroom.service)
    # the analysis's internals: a page asks engine.analysis.advice (or robust, situation, explain)
    # and draws what it answers, never samples deals, runs the compiled code or fits the tables itself
    "engine.compiled",
    "engine.analysis.sampler",
    "engine.analysis.runners",
    "engine.analysis.bidding_fit",
    "engine.analysis.human_rates",
)


def _forbidden(target: str) -> bool:
    return any(target == p or target.startswith(p + ".") for p in NOT_FROM_THE_FRONT)


def front_end_imports(modules: dict[str, Path]) -> list[str]:
    """Imports of ``NOT_FROM_THE_FRONT`` by a front-end module (ui/, views/, app.py)."""
    return [
        f"{name}:{line} imports {target}"
        for name, path in modules.items()
        if name.split(".")[0] in FRONT_ENDS
        for target, line in imports_of(path, modules, me=name)
        if _forbidden(target)
    ]


def test_the_front_ends_never_open_the_store() -> None:
    """The widgets, the pages and the router reach the database only through one service per
    feature below them (``practice.records``: the practice log, the mistake deck's entries, the
    lessons' progress; ``classroom.service``: a class's life cycle), never ``store/`` itself; nor
    the analysis's internals (the sampler, the runners, the compiled code, the fits)."""
    found = front_end_imports(project_modules())
    assert found == [], "front ends that import the store (use its service below ui/):\n" + "\n".join(found)


def test_the_front_end_check_sees_a_store_import(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text(
        "from store import classes\ndef f():\n    from store.db import StoreError\n"
        "from engine.analysis.sampler import shown_voids\nfrom engine.analysis.advice import advise\n"
    )
    modules = {**project_modules(), "ui.planted": planted}
    found = [f for f in front_end_imports(modules) if "planted" in f]
    assert found == [
        "ui.planted:1 imports store.classes",
        "ui.planted:3 imports store.db",
        "ui.planted:4 imports engine.analysis.sampler",
    ]


def store_imports_of_lessons(modules: dict[str, Path]) -> list[str]:
    """Imports of ``lessons`` by a module of the database layer (``store/``)."""
    return [
        f"{name}:{line} imports {target}"
        for name, path in modules.items()
        if name.split(".")[0] == "store"
        for target, line in imports_of(path, modules, me=name)
        if target.split(".")[0] == "lessons"
    ]


def test_the_store_knows_no_lesson() -> None:
    """The database keeps the lessons' progress without importing the lessons: it is given how to
    read a record (``store.lesson_progress.Codec``, bound in ``practice.records``), so a change of
    the lessons' record never reaches the database layer."""
    found = store_imports_of_lessons(project_modules())
    assert found == [], "the store imports the lessons:\n" + "\n".join(found)


def test_the_store_check_sees_a_lesson_import(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text("import json\nfrom lessons.progress import Progress\n")
    modules = {**project_modules(), "store.planted": planted}
    assert [f for f in store_imports_of_lessons(modules) if "planted" in f] == [
        "store.planted:2 imports lessons.progress"
    ]


def test_streamlit_only_in_ui_views_and_app() -> None:
    modules = project_modules()
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for name, path in modules.items()
        if layer_of(name) < NO_STREAMLIT_BELOW
        for line in streamlit_imports(path)
    ]
    assert found == []


def test_nothing_outside_tests_imports_from_tests() -> None:
    files = files_outside_tests()
    assert {"bench", "engine", "app"} <= {p.relative_to(ROOT).parts[0].removesuffix(".py") for p in files}
    found = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in files
        for name, line in imports_from_tests(path)
    ]
    assert found == [], (
        "modules outside tests/ that import from tests/ (move what they share out of tests/):\n"
        + "\n".join(found)
    )


def test_no_test_module_imports_another_and_only_conftest_files_are_shared() -> None:
    files = files_under_tests()
    assert len(files) > 50 and (TESTS / "conftest.py") in files
    names = [p.stem for p in files if p.name != "conftest.py"]
    assert len(names) == len(set(names)), "pytest imports test modules by their file name: keep them unique"
    by_name = {p.stem: p for p in files}
    helpers = [
        str(p.relative_to(ROOT)) for p in files if p.name != "conftest.py" and not p.name.startswith("test_")
    ]
    assert helpers == [], (
        "files under tests/ that are neither a test module nor a conftest.py (move what they share into a conftest.py):\n"
        + "\n".join(helpers)
    )
    found = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in files
        for name, line in imports_from_tests(path, by_name)
    ]
    assert found == [], (
        "test modules that import test code (use a fixture of a conftest.py instead):\n" + "\n".join(found)
    )


def test_the_test_import_reader_sees_every_way_in(tmp_path: Path) -> None:
    """Bare names of modules under tests/, ``tests.*``, relative imports, imports inside functions;
    not the project, the standard library or a module's name in a string."""
    by_name = {
        "helper": tmp_path / "helper.py",
        "conftest": tmp_path / "conftest.py",
        "test_layers": ROOT / "x",
    }
    planted = tmp_path / "test_planted.py"
    planted.write_text(
        "import pytest\nfrom engine.core import rules\nfrom helper import APP\n"
        "def f():\n    import conftest, tests.solver\n    from . import x\n    from .. y import z\n"
        "from tests.solver.conftest import brute_force\nimport test_layers\nNAME = 'helper'\n"
    )
    assert imports_from_tests(planted, by_name) == [
        ("helper", 3),
        ("conftest", 5),
        ("tests.solver", 5),
        (".", 6),
        ("..y", 7),
        ("tests.solver.conftest", 8),
        ("test_layers", 9),
    ]
    assert imports_from_tests(planted) == [("tests.solver", 5), ("tests.solver.conftest", 8)]


def test_the_install_holds_every_package_and_the_pinned_requirements() -> None:
    """``pip install -e .`` (pyproject.toml) installs every folder of the layers and bench/, never
    tests/, with the same pins as requirements.txt."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    installed = set(project["tool"]["setuptools"]["packages"])
    folders = {
        module_name(p.parent)
        for pkg in PACKAGES
        for p in (ROOT / pkg).rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert installed == folders and not any(name.split(".")[0] == "tests" for name in installed)
    pins = [
        line.split("#")[0].strip()
        for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
    ]
    assert project["project"]["dependencies"] == [pin for pin in pins if pin]


def test_the_checker_sees_an_upward_import_and_a_circle(tmp_path: Path) -> None:
    """The reader itself: a planted import inside a function, a relative import and a circle."""
    modules = project_modules()
    planted = tmp_path / "planted.py"
    planted.write_text(
        "def f():\n    from engine.analysis import bidding\n    import engine.compiled.solver\n"
        "from . import cards\nfrom .hand import deal\n"
    )
    found = {t for t, _ in imports_of(planted, modules, me="engine.core.planted")}
    assert found == {
        "engine.analysis.bidding",
        "engine.compiled.solver",
        "engine.core.cards",
        "engine.core.hand",
    }
    assert layer_of("engine.analysis.bidding") > layer_of("engine.core.cards")
    assert find_circles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c", "a"]]
    assert find_circles({"a": ["b"], "b": [], "c": ["a", "b"]}) == []
    assert layer_of("bench.panel_check") > layer_of("app") and layer_of("engine.core.stats") < layer_of(
        "engine.io.numbers"
    )
    planted.write_text(
        "import tests.browser.conftest\nfrom tests.analysis import x\nfrom tests import y\n"
        "def f():\n    import testsuite, tests_x\n    from . import tests\n"
    )
    assert imports_from_tests(planted) == [("tests.browser.conftest", 1), ("tests.analysis", 2), ("tests", 3)]


# ---- README.md's layout block ----


def readme_name(prefixes: tuple[str, ...]) -> str:
    """How README.md's layout block names a layer: by its deepest folder (``engine/core/`` for the
    rules core, whose other prefix, ``engine``, is only the package file above it), or by its file
    when it has no folder (``app.py``)."""
    folders = [prefix for prefix in prefixes if ROOT.joinpath(*prefix.split(".")).is_dir()]
    if folders:
        return max(folders, key=len).replace(".", "/") + "/"
    return prefixes[0].replace(".", "/") + ".py"


def readme_layout(text: str) -> list[str]:
    """The entries of the layout block (the first fenced block of the "## Layout" section), in
    order: the path that starts each entry; an entry's further lines are indented."""
    assert "\n## Layout\n" in text, "README.md has no '## Layout' section"
    section = text.split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]
    found = re.search(r"^```[^\n]*\n(.*?)^```", section, re.DOTALL | re.MULTILINE)
    assert found, "the '## Layout' section of README.md has no fenced block"
    return [line.split()[0] for line in found.group(1).splitlines() if line.strip() and not line[0].isspace()]


def readme_expected() -> list[str]:
    return [readme_name(prefixes) for _, prefixes in LAYERS] + list(README_NOT_LAYERS)


def test_the_readme_layout_block_lists_every_layer_in_order() -> None:
    """Every layer once, lowest first as in LAYERS, then the tests and the rule book, nothing else."""
    assert readme_layout(README.read_text(encoding="utf-8")) == readme_expected(), (
        "README.md's layout block disagrees with LAYERS (tests/test_layers.py): list the layers in its order"
    )


def test_the_readme_layout_check_reads_the_block_and_sees_a_change() -> None:
    """The reader takes only the Layout section's fenced block and each entry's first word; a
    swap, a missing layer, an extra folder or a layer below the tests makes the block disagree."""
    assert readme_name(("engine", "engine.core")) == "engine/core/"
    assert readme_name(("engine.cli", "engine.__main__")) == "engine/cli/"
    assert readme_name(("app",)) == "app.py"
    planted = (
        "# Title\n\n## Set-up\n\n```\nnot/ this block\n```\n\n## Layout\n\nSome words:\n\n```text\n"
        "engine/core/    the rules,\n                continued\n\napp.py          the router\n```\n\n"
        "## More\n\n```\nnor/ this one\n```\n"
    )
    assert readme_layout(planted) == ["engine/core/", "app.py"]

    text = README.read_text(encoding="utf-8")
    expected = readme_expected()

    def swapped(a: str, b: str) -> str:
        return text.replace("\n" + a, "\n@swap@").replace("\n" + b, "\n" + a).replace("\n@swap@", "\n" + b)

    players_below_compiled = readme_layout(swapped("engine/players/", "engine/compiled/"))
    assert players_below_compiled != expected
    assert players_below_compiled[2:4] == ["engine/players/", "engine/compiled/"]
    tests_below_bench = readme_layout(swapped("bench/", "tests/"))
    assert tests_below_bench[-3:-1] == ["tests/", "bench/"] and tests_below_bench != expected
    assert (
        readme_layout(text.replace("\napp.py ", "\n       "))
        == [e for e in expected if e != "app.py"]
        != expected
    )
    extra = readme_layout(text.replace("\ndocs/rules.md", "\ntools/  scripts\ndocs/rules.md"))
    assert extra[-2:] == ["tools/", "docs/rules.md"] and extra != expected
