"""The layout is the architecture: each folder is one layer and imports only from the layers
below it, and no imports close a circle. The test reads every import statement (those inside
functions included) from the source files, without importing anything.

Layers, lowest first, are listed in LAYERS (a module belongs to the layer of its longest
listed prefix). Modules of one layer may import each other, as long as no circle closes.
The benchmarks and experiments (bench/) are the top layer, and nothing outside tests/ imports
from tests/: the tests import the project, never the other way round.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("statistics (the one 95% interval)", ("engine.stats",)),
    ("the rules", ("engine", "engine.errors", "engine.cards", "engine.rules", "engine.ranking",
                   "engine.actions", "engine.scoring", "engine.seats", "engine.hand", "engine.game",
                   "engine.view", "engine.deal_record", "engine.numbers", "engine.narration", "engine.record_file", "engine.progress")),
    ("computer players that need only the rules", ("engine.players",)),
    ("compiled code", ("engine.compiled",)),
    ("the solver", ("engine.solver",)),
    ("the analysis", ("engine.analysis",)),
    ("studies on Dask (call charts, the bidding model's fit)", ("engine.study",)),
    ("the expert player, the player registry and the arena", ("engine.expert", "engine.arena")),
    ("the command line", ("engine.cli", "engine.__main__")),
    ("lessons (no Streamlit)", ("lessons",)),
    ("the database", ("store",)),
    ("the practice table (no Streamlit)", ("practice",)),
    ("class mode's questions and marking (no Streamlit)", ("classroom",)),
    ("Streamlit widgets", ("ui",)),
    ("pages", ("views",)),
    ("the router", ("app",)),
    ("benchmarks and experiments (python -m bench)", ("bench",)),
)
PACKAGES = ("engine", "store", "lessons", "practice", "classroom", "ui", "views", "bench")
SCRIPT_FOLDERS = ("tools",)  # folders of scripts outside the packages (none left: bench/ holds them)
NO_STREAMLIT_BELOW = LAYERS.index(("Streamlit widgets", ("ui",)))  # everything below ui never imports Streamlit


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    files = [ROOT / "app.py"] + [p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))]
    return {module_name(p): p for p in files if "__pycache__" not in p.parts}


def files_outside_tests() -> list[Path]:
    """Every Python file of the project that is not a test: the router, the packages, and any
    script folder or top-level script."""
    files = set(project_modules().values()) | set(ROOT.glob("*.py"))
    files |= {p for folder in SCRIPT_FOLDERS for p in (ROOT / folder).rglob("*.py")}
    return sorted(p for p in files if "__pycache__" not in p.parts)


def imports_from_tests(path: Path) -> list[tuple[str, int]]:
    """(module, line) for every import of ``tests`` or a module under it in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        found += [(name, node.lineno) for name in names if name == "tests" or name.startswith("tests.")]
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
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    me = me or module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    found: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                names.append(sub if sub in modules else base)
        for name in names:
            while name and name not in modules:  # `import engine.hand.x` -> the deepest real module
                name = name.rpartition(".")[0]
            if name and name != me:
                found.append((name, node.lineno))
    return found


def streamlit_imports(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "streamlit" for a in node.names):
            lines.append(node.lineno)
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "streamlit":
            lines.append(node.lineno)
    return lines


def test_every_import_points_down_a_layer() -> None:
    modules = project_modules()
    upward = []
    for name, path in modules.items():
        mine = layer_of(name)
        for target, line in imports_of(path, modules):
            theirs = layer_of(target)
            if theirs > mine:
                upward.append(f"{path.relative_to(ROOT)}:{line} ({LAYERS[mine][0]}) imports {target} "
                              f"({LAYERS[theirs][0]})")
    assert upward == [], "imports that point up a layer:\n" + "\n".join(upward)


def find_circles(graph: dict[str, list[str]]) -> list[list[str]]:
    circles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in graph.get(node, []):
            if state.get(nxt) == 1:
                circles.append(stack[stack.index(nxt):] + [nxt])
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


def test_streamlit_only_in_ui_views_and_app() -> None:
    modules = project_modules()
    found = [f"{path.relative_to(ROOT)}:{line}" for name, path in modules.items()
             if layer_of(name) < NO_STREAMLIT_BELOW for line in streamlit_imports(path)]
    assert found == []


def test_nothing_outside_tests_imports_from_tests() -> None:
    files = files_outside_tests()
    assert {"bench", "engine", "app"} <= {p.relative_to(ROOT).parts[0].removesuffix(".py") for p in files}
    found = [f"{path.relative_to(ROOT)}:{line} imports {name}" for path in files for name, line in imports_from_tests(path)]
    assert found == [], "modules outside tests/ that import from tests/ (move what they share out of tests/):\n" + \
        "\n".join(found)


def test_the_install_holds_every_package_and_the_pinned_requirements() -> None:
    """``pip install -e .`` (pyproject.toml) installs every folder of the layers and bench/, never
    tests/, with the same pins as requirements.txt."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    installed = set(project["tool"]["setuptools"]["packages"])
    folders = {module_name(p.parent) for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")
               if "__pycache__" not in p.parts}
    assert installed == folders and not any(name.split(".")[0] == "tests" for name in installed)
    pins = [line.split("#")[0].strip() for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()]
    assert project["project"]["dependencies"] == [pin for pin in pins if pin]


def test_the_checker_sees_an_upward_import_and_a_circle(tmp_path: Path) -> None:
    """The reader itself: a planted import inside a function, a relative import and a circle."""
    modules = project_modules()
    planted = tmp_path / "planted.py"
    planted.write_text("def f():\n    from engine.analysis import bidding\n    import engine.solver\n"
                       "from . import cards\nfrom .hand import deal\n")
    found = {t for t, _ in imports_of(planted, modules, me="engine.planted")}
    assert found == {"engine.analysis.bidding", "engine.solver", "engine.cards", "engine.hand"}
    assert layer_of("engine.analysis.bidding") > layer_of("engine.cards")
    assert find_circles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c", "a"]]
    assert find_circles({"a": ["b"], "b": [], "c": ["a", "b"]}) == []
    assert layer_of("bench.panel_check") > layer_of("app") and layer_of("engine.stats") < layer_of("engine.cards")
    planted.write_text("import tests.browser.conftest\nfrom tests.analysis import x\nfrom tests import y\n"
                       "def f():\n    import testsuite, tests_x\n    from . import tests\n")
    assert imports_from_tests(planted) == [("tests.browser.conftest", 1), ("tests.analysis", 2), ("tests", 3)]
