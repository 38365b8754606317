"""pos.exchange.batch against pos.exchange.settlement (hypothesis): an event's paris settled
at once give every pari the results, and every account the release and the result, that
settling each pari alone gives (p.48–p.53, p.22, second p.24) — to the kopeck, beyond int64
too."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from pos.exchange.batch import ConcludedParis, pari_terms, settle
from pos.exchange.paris import Pari, PariStatus
from pos.exchange.settlement import back_verdict, settle_pari
from pos.line.markets import LegOutcome
from pos.settlement.results import Result, ResultStatus

D = Decimal
STARTS = datetime(2026, 11, 30, 15, 0, tzinfo=UTC)
MARKETS = ("1", "X", "2", "O2.5", "U2", "H1-1", "H2+1.5")
ACCOUNTS = ("10000000017", "10000000025", "10000000033", "10000000041")


def _finished(home: int, away: int, first: int | None) -> Result:
    first_score = None if first is None else STARTS + timedelta(minutes=first)
    ends = STARTS + timedelta(hours=2)
    return Result(
        101, ResultStatus.FINISHED, home, away, STARTS, ends, "АБФФ", first_score_at=first_score
    )


_RESULTS = st.one_of(
    st.builds(
        _finished, st.integers(0, 5), st.integers(0, 5), st.one_of(st.none(), st.integers(1, 90))
    ),
    st.just(Result(101, ResultStatus.POSTPONED, None, None, STARTS, STARTS, "АБФФ")),
)
_PARIS = st.lists(
    st.tuples(
        st.sampled_from(MARKETS),
        st.integers(1, 100_000),  # coefficient in hundredths
        st.integers(1, 10**9),  # stake in kopecks
        st.sampled_from(ACCOUNTS),
        st.sampled_from(ACCOUNTS),
        st.integers(-30, 30),  # concluded this many minutes from the start
    ),
    max_size=40,
)


def _paris(rows: list[tuple[str, int, int, str, str, int]], scale: int = 1) -> list[Pari]:
    return [
        Pari(
            number=f"P{index}",
            offer_number="7",
            event=101,
            market=market,
            coefficient=D(coefficient) / 100,
            stake=D(stake * scale) / 100,
            back_account=back,
            lay_account=lay,
            concluded_at=STARTS + timedelta(minutes=minutes),
        )
        for index, (market, coefficient, stake, back, lay, minutes) in enumerate(rows)
    ]


def _concluded(paris: list[Pari]) -> ConcludedParis:
    return ConcludedParis(list(range(len(paris))), [pari_terms(p) for p in paris])


def _agree(paris: list[Pari], result: Result, percent: Decimal) -> None:
    done = settle(_concluded(paris), result, percent)
    alone = {}
    for index, pari in enumerate(paris):
        verdict = back_verdict(pari.market, result, pari.concluded_at)
        if verdict.outcome is not LegOutcome.OPEN:
            alone[index] = settle_pari(pari, verdict, percent)
    assert done.ids.tolist() == sorted(alone)
    for row, index in enumerate(done.ids.tolist()):
        one = alone[index]
        assert bool(done.void[row]) is (one.pari.status is PariStatus.VOID)
        assert D(int(done.back[row])) / 100 == one.back.result
        assert D(int(done.lay[row])) / 100 == one.lay.result
        assert D(int(done.commission[row])) / 100 == one.commission
    assert done.commission_total == sum((one.commission for one in alone.values()), D("0.00"))
    expected: dict[str, list[Decimal]] = {}
    for one in alone.values():
        for side in (one.back, one.lay):
            share = expected.setdefault(side.account, [D(0), D(0), D(0)])
            share[0] += 1
            share[1] += side.released
            share[2] += side.result
    assert [(s.account, s.paris, s.released, s.result) for s in done.accounts] == [
        (account, int(n), released, result)
        for account, (n, released, result) in sorted(expected.items())
    ]


@settings(max_examples=300, deadline=None)
@given(rows=_PARIS, result=_RESULTS, percent=st.integers(0, 2000))
def test_p48_p53_an_events_paris_settled_at_once_as_each_alone(
    rows: list[tuple[str, int, int, str, str, int]], result: Result, percent: int
) -> None:
    _agree(_paris(rows), result, D(percent) / 100)


@settings(max_examples=50, deadline=None)
@given(rows=_PARIS, result=_RESULTS)
def test_p48_amounts_beyond_int64_are_settled_exactly(
    rows: list[tuple[str, int, int, str, str, int]], result: Result
) -> None:
    _agree(_paris(rows, scale=10**5), result, D("7.25"))  # stakes up to 10^12 roubles


def test_p46_no_paris_settle_to_nothing() -> None:
    result = Result(101, ResultStatus.FINISHED, 1, 0, STARTS, STARTS, "АБФФ")
    done = settle(_concluded([]), result, D(5))
    assert len(done) == 0 and done.accounts == () and done.commission_total == 0
