"""The outbox sent to the controller in each terminal's order (issue 35): by an operation that
waits for its registration (online), and in the background (deferred, and whatever an outage
left). The controller registers an id once however often it arrives, so a message whose answer
was lost is simply sent again."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

from pos.core.context import Context
from pos.core.settings import ShopSettings
from pos.skks.link import Answer, ControllerLink, LinkConfig, LinkDown, Refused, Registered
from pos.skks.messages import Message, Queued

_BATCH = 200  # messages answered in one transaction
_RETRY_PAUSE = 0.1  # seconds between two tries of an unanswered message


class _Channel:
    """A terminal's one link to the controller, rebuilt when the address or the wait changes;
    one sender at a time, so that the terminal's messages go out in order."""

    def __init__(self, ctx: Context) -> None:
        self.lock = threading.Lock()
        self._ctx = ctx
        self._link: ControllerLink | None = None
        self._config: LinkConfig | None = None

    def link(self, config: LinkConfig) -> ControllerLink:
        if self._link is None or config != self._config:
            build = self._ctx.build_link
            if build is None:
                raise LinkDown("связь с СККС в этой сборке не настроена")
            self.close()
            try:
                self._link, self._config = build(config), config
            except Exception as failed:  # an address the client cannot open: no answer
                raise LinkDown(f"адрес СККС не открывается: {failed}") from failed
        return self._link

    def close(self) -> None:
        if self._link is not None:
            self._link.close()
            self._link = None


_MADE = threading.Lock()


def _channel(ctx: Context) -> _Channel:
    with _MADE:  # the window's sender and an operation may ask first at once: one channel
        if not isinstance(ctx.skks_channel, _Channel):
            ctx.skks_channel = _Channel(ctx)
        return ctx.skks_channel


@dataclass
class Sent:
    """What one sending answered: registrations and refusals by message id."""

    answers: dict[str, Answer] = field(default_factory=dict)
    down: str | None = None  # why the sending stopped with messages left, if it did

    @property
    def registered(self) -> int:
        return sum(isinstance(answer, Registered) for answer in self.answers.values())


def send(
    ctx: Context,
    settings: ShopSettings,
    *,
    upto: int | None = None,
    within: float | None = None,
    keep: str | None = None,
) -> Sent:
    """Send this terminal's unanswered messages in order, up to sequence `upto`, and record
    each answer. With `within` (seconds) an unanswered message is tried again until then;
    without, the sending stops at the first message left unanswered (`Sent.down`). The
    registration of message `keep` is left for the caller to record with its operation (one
    durable commit less a bet: issue 35's skks_accept_p95); its refusal is recorded here."""
    sent = Sent()
    if not settings.skks_url:
        return sent
    until = None if within is None else time.monotonic() + within
    channel = _channel(ctx)
    config = LinkConfig(settings.skks_url, settings.skks_timeout)
    while sent.down is None:
        # One batch at a time: an operation waiting for its registration waits for a batch
        # of a background drain, not for the whole backlog.
        with channel.lock:
            with ctx.unit_of_work() as uow:
                batch = uow.skks.unsent(ctx.terminal, upto=upto, limit=_BATCH)
            if not batch:
                break
            try:
                link = channel.link(config)
            except LinkDown as down:  # an address or certificate the client cannot use
                sent.down = down.detail
                break
            answered = _batch(link, batch, settings, until, sent)
            _record(ctx, [pair for pair in answered if not _kept(pair, keep)])
        sent.answers.update((queued.id, answer) for queued, answer in answered)
        if upto is not None and any(queued.sequence >= upto for queued, _ in answered):
            break  # the message asked for is answered (a kept registration is not recorded)
    return sent


def _batch(
    link: ControllerLink,
    batch: list[Queued],
    settings: ShopSettings,
    until: float | None,
    sent: Sent,
) -> list[tuple[Queued, Answer]]:
    """The answers to a batch, in order, up to the first message left unanswered."""
    answered: list[tuple[Queued, Answer]] = []
    try:
        for queued in batch:
            answered.append((queued, _one(link, queued, settings, until)))
    except LinkDown as down:
        sent.down = down.detail
    return answered


def _kept(pair: tuple[Queued, Answer], keep: str | None) -> bool:
    return pair[0].id == keep and isinstance(pair[1], Registered)


def _one(
    link: ControllerLink, queued: Queued, settings: ShopSettings, until: float | None
) -> Answer:
    while True:
        wait: float = settings.skks_timeout  # whole seconds; less what is left of `until`
        if until is not None:
            wait = min(wait, until - time.monotonic())
            if wait <= 0:
                raise LinkDown("нет ответа за отведённое время")
        try:
            return link.send(queued.body, timeout=wait)
        except LinkDown:
            if until is None or until - time.monotonic() <= _RETRY_PAUSE:
                raise
            time.sleep(_RETRY_PAUSE)


def _record(ctx: Context, answered: list[tuple[Queued, Answer]]) -> None:
    if not answered:
        return
    now = ctx.clock.now()
    with ctx.unit_of_work() as uow:
        for queued, answer in answered:
            if isinstance(answer, Registered):
                uow.skks.registered(
                    queued.terminal, queued.sequence, answer.number, now, answer.totals
                )
            else:
                uow.skks.refused(queued.terminal, queued.sequence, answer.error, answer.text, now)
        uow.commit()


def register(ctx: Context, settings: ShopSettings, message: Message) -> Answer:
    """Send the terminal's messages up to `message` and return the controller's answer to it,
    trying again within the office's wait (`skks_timeout`). Its registration is not recorded:
    the operation records it when it is made (`OutboxRepository.registered`); a crash before
    that sends it again, and the controller answers with the same number.

    Raises:
        LinkDown: no answer in time; whether the controller registered it is unknown.
    """
    within = settings.skks_timeout
    sent = send(ctx, settings, upto=message.sequence, within=within, keep=message.id)
    answer = sent.answers.get(message.id)
    if answer is not None:
        return answer
    if sent.down is not None:
        raise LinkDown(sent.down)
    # Answered before this sending (another window of the terminal sent it): read it back.
    with ctx.unit_of_work() as uow:
        number = uow.skks.registration(message.terminal, message.sequence)
    if number is None:
        return Refused("refused", "отказано ранее")
    return Registered(number)
