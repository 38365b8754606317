"""An import-linter contract of our own: a package may import only what a list allows.

import-linter's contracts are deny-lists (`forbidden`); pos must stay pure of any third-party
package but the ones it is allowed (issue 17), including one added tomorrow, so its rule is
written as what it may import: its own modules, the standard library and the list.

    [[tool.importlinter.contracts]]
    type = "allow_list"
    source_modules = ["pos"]
    allowed_modules = ["numpy"]
"""

from __future__ import annotations

import sys

from grimp import ImportGraph
from importlinter.application import output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck


class AllowListContract(Contract):
    """Each module of `source_modules` imports only its own package, the standard library and
    the top-level packages of `allowed_modules` (directly: what they import is their own)."""

    type_name = "allow_list"

    source_modules = fields.ListField(subfield=fields.StringField())
    allowed_modules = fields.ListField(subfield=fields.StringField(), required=False)

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        allowed = set(sys.stdlib_module_names) | set(self.allowed_modules or ())  # type: ignore[arg-type]
        found: list[dict[str, object]] = []
        for source in self.source_modules:  # type: ignore[attr-defined]
            for module in sorted({source} | graph.find_descendants(source)):
                for imported in sorted(graph.find_modules_directly_imported_by(module)):
                    top = imported.split(".")[0]
                    if top == source or top in allowed:
                        continue
                    lines = graph.get_import_details(importer=module, imported=imported)
                    found.append(
                        {
                            "importer": module,
                            "imported": imported,
                            "lines": [detail["line_number"] for detail in lines],
                        }
                    )
        return ContractCheck(kept=not found, metadata={"imports": found})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for item in check.metadata["imports"]:
            lines = ", ".join(f"l.{number}" for number in item["lines"])
            output.print_error(f"{item['importer']} imports {item['imported']} ({lines})")
            output.new_line()
