"""The published conditions' versions in memory (issue 37, p.6), for tests without a database."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pos.conditions.versions import ConditionsVersion

if TYPE_CHECKING:
    from tests.fake_repositories import FakeData


class FakeConditions:
    """pos.core.conditions_ports.ConditionsRepository over `FakeData.conditions`."""

    def __init__(self, data: FakeData) -> None:
        self._data = data

    def current(self, office: str) -> ConditionsVersion | None:
        kept = self.history(office)
        return kept[-1] if kept else None

    def history(self, office: str) -> list[ConditionsVersion]:
        return sorted(
            (version for version in self._data.conditions if version.office == office),
            key=lambda version: version.number,
        )

    def add(self, version: ConditionsVersion) -> None:
        self._data.conditions.append(version)
