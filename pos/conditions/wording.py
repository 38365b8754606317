"""The sentences of the published conditions (p.6), each made from the values it names."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, time, tzinfo
from decimal import Decimal

from pos.core.money import format_roubles
from pos.core.wording import odds_words, plural

TITLE = "УСЛОВИЯ ПРИЁМА СТАВОК"

# The items p.6 names, in its order: each a heading of the document.
POSSIBLE_WIN = "Сумма возможного выигрыша"
ACCEPTANCE_END = "Срок окончания приёма ставок на каждое событие"
EVENT_PERIOD = "Срок (период) совершения события"
PAYOUTS = "Порядок и сроки выплаты выигрышей"
RETURNS = "Обстоятельства, при которых ставки возвращаются"
MOMENT = "Момент приёма ставки"
SPORTS = "Особенности приёма ставок по видам спорта"
OTHERS = "Другие условия и ограничения"


def heading(number: int, title: str) -> str:
    """A heading of the document: "1. Сумма возможного выигрыша"."""
    return f"{number}. {title}"


def organiser(shop_name: str, licence: str) -> str:
    """Who sets the conditions (p.6: the bookmaker)."""
    return f"Букмекер: {shop_name}, лицензия № {licence}."


def office(name: str, address: str) -> str:
    """Where they are in force: the office's name and address."""
    where = f"{name}, {address}" if name else address
    return f"Пункт приёма ставок: {where}."


def possible_win(max_payout: Decimal, max_express_odds: Decimal) -> tuple[str, ...]:
    """How a win is made and its most (p.5, p.20)."""
    return (
        "Выигрыш равен ставке, умноженной на коэффициент исхода (в экспрессе — на "
        "произведение коэффициентов его событий); коэффициенты и возможный выигрыш "
        "определяются при приёме ставки, до начала события, и печатаются в карточке (п. 5, "
        "п. 20).",
        f"Наибольший выигрыш по одной карточке — {format_roubles(max_payout)}; наибольший "
        f"общий коэффициент экспресса — {odds_words(max_express_odds)}.",
    )


def acceptance_end(hours: tuple[time, time] | None) -> tuple[str, ...]:
    """Until when a bet on an event is taken (p.22), and the office's hours."""
    taken = (
        "круглосуточно" if hours is None else f"ежедневно с {hours[0]:%H:%M} до {hours[1]:%H:%M}"
    )
    return (
        "Ставки на событие принимаются до его начала по времени, указанному в линии; "
        "с начала события ставки на него не принимаются (п. 22).",
        "Ставка, сделанная после фактического начала события, при выигрыше возвращается, "
        "кроме ставки, согласованной с букмекером по ходу матча (пометка «согласовано»), и "
        "ставки, сделанной до открытия счёта; проигранная ставка не возвращается.",
        f"Пункт принимает ставки {taken}.",
    )


def event_period(regular_time: Sequence[str], whole_match: Sequence[str]) -> tuple[str, ...]:
    """Which result of an event counts (p.11, p.21), sport by sport as the line words them."""
    sentences = [
        "В расчёт принимается исход события, объявленный официальными источниками "
        "информации (п. 11); при отмене или изменении результата учитывается первоначально "
        "зафиксированный результат (п. 21).",
        "Дата и время начала события в линии ориентировочные (п. 22).",
    ]
    if regular_time:
        sentences.append(
            f"{_listed(regular_time)}: исходы матча определяются по основному времени, без "
            "овертаймов и послематчевых бросков."
        )
    if whole_match:
        sentences.append(f"{_listed(whole_match)}: по итоговому результату матча.")
    return tuple(sentences)


def payouts(*, same_day_games: Sequence[str], anywhere: bool) -> tuple[str, ...]:
    """When, how and where a win is paid (p.13, p.23, first p.24)."""
    where = "в любом пункте приёма ставок букмекера" if anywhere else "в пункте, где принята ставка"
    sentences = [
        "Выигрыш и возвращаемая ставка выплачиваются наличными в кассе, "
        f"{where}, по предъявлении карточки и документа, удостоверяющего личность.",
        "Выплата производится начиная со следующего дня после окончания последнего события "
        "карточки (п. 24) и в течение одного месяца со дня этого события (п. 23); по "
        "истечении месяца карточка не оплачивается.",
        "При утере карточки или кассового чека выплата не производится (п. 24).",
    ]
    if same_day_games:
        sentences.append(
            f"По играм {_listed(same_day_games, quoted=True)} выигрыш выплачивается со дня "
            "розыгрыша."
        )
    return tuple(sentences)


def cash_out(margin: Decimal, offer_seconds: int) -> tuple[str, ...]:
    """The shop's buy-back of an open carding before its events (issue 38): the price, its
    margin, how long an offer holds, what is not bought back, and that it is paid at once."""
    percent = f"{(margin * 100).normalize():f}".replace(".", ",")  # 0,05 → «5», 0,025 → «2,5»
    seconds = plural(offer_seconds, "секунду", "секунды", "секунд")
    return (
        "До начала событий карточки букмекер может выкупить у игрока принятую ставку "
        "(выкуп ставки): сумма выкупа равна ставке, умноженной на коэффициент карточки и "
        "делённой на текущие коэффициенты несыгравших событий (выигравшие события — по их "
        f"коэффициентам, возвращаемые — по коэффициенту 1,00), за вычетом {percent} %, с "
        "округлением вниз до копейки и не более возможного выигрыша.",
        f"Предложение выкупа действует {seconds}, затем делается новое по "
        "текущим коэффициентам; выкуп не предлагается после начала любого из несыгравших "
        "событий карточки, при приостановленном приёме ставок на его исход, по проигравшей "
        "карточке, по системам и по ставкам на розыгрыши игр.",
        "Выкупленная ставка выплачивается сразу наличными в кассе по предъявлении карточки и "
        "документа, удостоверяющего личность, с записью в журнал учёта выплат; результаты "
        "событий на выкупленную карточку больше не влияют.",
    )


def returns(statuses: Sequence[str], *, draws: bool) -> tuple[str, ...]:
    """When stakes are returned (second p.24, p.18); `draws`: the shop sells games' draws."""
    sentences: tuple[str, ...] = (
        "Ставки на событие возвращаются, если о нём объявлено: "
        f"{'; '.join(statuses)}; а также если матч сыгран на поле команды, указанной в линии "
        "второй (п. 24).",
        "Возвращаемое событие считается с коэффициентом 1,00: одиночная ставка возвращается, "
        "в экспрессе и системе остальные события рассчитываются как обычно (п. 18).",
        "Ставка на тотал, равный линии, и на фору, с которой счёт равный, возвращается.",
    )
    if draws:
        sentences += ("Ставки на отменённый розыгрыш игры возвращаются.",)
    return (*sentences, "Проигранные ставки не возвращаются.")


def moment(window_minutes: int) -> tuple[str, ...]:
    """When a bet is made (p.8, p.9)."""
    minutes = plural(window_minutes, "минуты", "минут", "минут")
    return (
        "Ставка принята (пари заключено) в момент выдачи игроку карточки с кассовым чеком "
        "на сумму ставки; ставка, карточка которой не выдана, не принята.",
        f"Претензии по правильности заполнения карточки принимаются в течение {minutes} "
        "после её выдачи, и в это время ставку можно отменить с возвратом; затем ставка "
        "отмене и изменению не подлежит (п. 8).",
        "Сделанная ставка означает, что игрок знает эти условия и согласен с ними (п. 9).",
    )


def sports(limits: Sequence[tuple[str, Decimal]]) -> tuple[str, ...]:
    """The most a bet takes on one event, sport by sport (the line's header, p.18)."""
    each = "; ".join(f"{sport} — {format_roubles(limit)}" for sport, limit in limits)
    return (
        _ended(f"Наибольшая ставка на одно событие: {each}"),
        "Для отдельного события в линии может быть указана своя наибольшая ставка; с "
        "наибольшей ставкой сравнивается вся ставка карточки (п. 18).",
    )


def others(
    *, min_stake: Decimal, min_age: int, document_every_bet: bool, games: Sequence[str]
) -> tuple[str, ...]:
    """The minimum stake, who may bet, the games sold, and bets under earlier conditions."""
    years = plural(min_age, "года", "лет", "лет")
    sentences = [
        _ended(f"Наименьшая ставка — {format_roubles(min_stake)}"),
        f"Ставки не принимаются у лиц моложе {years}, у лиц в состоянии алкогольного или "
        "наркотического опьянения и не по установленным правилам; при сомнении в возрасте "
        "работник вправе потребовать документ, удостоверяющий личность (п. 4).",
    ]
    if document_every_bet:
        sentences.append("Документ, удостоверяющий личность, предъявляется при каждой ставке.")
    if games:
        sentences.append(f"В пункте проводятся игры {_listed(games, quoted=True)}.")
    sentences.append(
        "Ставки, сделанные до изменения этих условий, рассчитываются по условиям, на которых "
        "они были сделаны (п. 10)."
    )
    return tuple(sentences)


def in_force(number: int, since: datetime, zone: tzinfo) -> str:
    """A version as the page and the paper name it: "Редакция № 2 от 06.12.2026 18:30"."""
    return f"Редакция № {number} от {since.astimezone(zone):%d.%m.%Y %H:%M}"


def history_entry(number: int, since: datetime, made_by: str, zone: tzinfo) -> str:
    """A version in the manager's list, on two lines: "Редакция № 2" / "от 06.12.2026 18:30,
    boss"."""
    return f"Редакция № {number}\nот {since.astimezone(zone):%d.%m.%Y %H:%M}, {made_by}"


def _listed(names: Sequence[str], *, quoted: bool = False) -> str:
    """ "Футбол, Баскетбол"; quoted: "«А» и «Б»"."""
    if not quoted:
        return ", ".join(names)
    marked = [f"«{name}»" for name in names]
    return marked[0] if len(marked) == 1 else f"{', '.join(marked[:-1])} и {marked[-1]}"


# What the paper's refusal says was done and did not come out (pos.till.errors.PaperNotPrinted).
PRINTED = "Готово"
NOT_PRINTED = "условия приёма ставок не напечатаны"


def printed(number: int) -> str:
    """The answer to a paper printed: "Условия приёма ставок (редакция № 2) напечатаны."."""
    return f"Условия приёма ставок (редакция № {number}) напечатаны."


def published(number: int, office: str) -> str:
    """The audit's line of a version made: "редакция № 2 условий пункта M1"."""
    return f"редакция № {number} условий приёма ставок пункта {office}"


def _ended(sentence: str) -> str:
    """The sentence with its full stop, not a second one after «руб.»."""
    return sentence if sentence.endswith(".") else f"{sentence}."
