"""The people at the terminal: signing in (the PIN, the locks, a manager's one-time grant),
the idle lock, the users a manager keeps, and the shop's settings (issue #7, #15)."""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass
from datetime import datetime

from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.errors import NotPermitted, UnknownOffice
from pos.core.input_errors import InvalidText
from pos.core.inputs import LOGIN, clean_text
from pos.core.ports import UnitOfWork
from pos.people.actor import SYSTEM, Actor, Grant
from pos.people.errors import (
    InvalidUser,
    NotInOffice,
    UnknownUser,
    UserExists,
    UserLocked,
    UserLockedUntilUnlocked,
    WrongPin,
)
from pos.people.names import check_full_name
from pos.people.office_rights import offices_of, require_manager_of
from pos.people.permissions import WORDS, Permission, allowed
from pos.people.users import Role, User, check_login, check_pin, parse_role, require_typed_pin

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class UserInfo:
    """What a manager sees of a user (never the PIN hash): the end of a lock in force, or
    `locked_for_good` when the lock has no end and waits for a manager's unlock."""

    login: str
    role: Role
    locked_until: datetime | None
    locked_for_good: bool = False
    full_name: str = ""  # the name papers are signed with (pos.people.names, issue 34)


# --- signing in ---------------------------------------------------------------------------------


def sign_in(
    ctx: Context,
    login: str,
    pin: str,
    *,
    grant: tuple[Permission, str] | None = None,
    unlock: bool = False,
) -> User:
    """The user whose PIN this is, with their role in this terminal's office, the check
    recorded: a sign-in, an idle screen unlocked (`unlock`), or with `grant` (the permission
    and the cashier) a manager allowing one action at this terminal.

    Raises:
        PinRequired: no PIN typed (no try: nothing counted or recorded); UnknownUser,
        UserLocked, WrongPin; NotInOffice: the user does not work in this office (nothing
        counted); NotPermitted: `grant` names a permission the user's role does not have;
        InvalidText: a login no database can look up.
    """
    require_typed_pin(pin)
    # Typed or scanned: a NUL or a lone surrogate is refused here, not by the database.
    name = clean_text(login, "login", LOGIN) if isinstance(login, str) else ""
    with ctx.unit_of_work() as uow:
        user = uow.users.get(name)
        role = None if user is None else user.role_in(ctx.office, uow.users.roles(name))
    if user is None:
        with ctx.unit_of_work() as uow:
            SYSTEM.audit(ctx, uow, AuditAction.UNKNOWN_LOGIN, name[:64])
            uow.commit()
        raise UnknownUser(name)
    if role is None:
        raise NotInOffice(user.login, ctx.office)
    # The hash check takes a noticeable moment: it runs outside the write transaction.
    # Only a PIN's shape is hashed: argon2 cannot encode a lone surrogate (issue 15).
    correct = _pin_shaped(pin) and ctx.pins.verify(user.pin_hash, pin)
    with ctx.unit_of_work() as uow:
        user = uow.users.get(name, for_update=True)
        assert user is not None  # users are never deleted
        outcome = _record_sign_in(ctx, uow, user, role, correct=correct, grant=grant, unlock=unlock)
        uow.commit()
    if isinstance(outcome, Exception):
        raise outcome
    return dataclasses.replace(outcome, role=role)


def _record_sign_in(
    ctx: Context,
    uow: UnitOfWork,
    user: User,
    role: Role,
    *,
    correct: bool,
    grant: tuple[Permission, str] | None = None,
    unlock: bool = False,
) -> User | Exception:
    now = ctx.clock.now()
    # A lock that has run out ends before this try, not at the next success (issue #15).
    user = user.after_lock_ran_out(now)
    if user.is_locked(now):
        Actor(user.login).audit(ctx, uow, AuditAction.REFUSED_LOCKED)
        return _lock_refusal(ctx, uow, user)
    if correct:
        signed_in = user.after_sign_in()
        uow.users.update(signed_in)
        if grant is None:
            action = AuditAction.SCREEN_UNLOCKED if unlock else AuditAction.SIGNED_IN
            Actor(user.login).audit(ctx, uow, action, str(role))
            return signed_in
        permission, cashier = grant
        if not allowed(role, permission, chain=uow.offices.count() > 1):
            Actor(user.login).audit(ctx, uow, AuditAction.AUTHORISATION_REFUSED, WORDS[permission])
            return NotPermitted(WORDS[permission])
        detail = f"{user.login} разрешил {cashier}: {WORDS[permission]}"
        Actor(user.login).audit(ctx, uow, AuditAction.AUTHORISED, detail)
        return signed_in
    failed = user.after_wrong_pin(now)
    uow.users.update(failed)
    Actor(user.login).audit(ctx, uow, AuditAction.WRONG_PIN)
    if not failed.is_locked(now):
        return WrongPin(user.login, failed.attempts_left, failed.next_lock)
    refusal = _lock_refusal(ctx, uow, failed)
    # One audit line per lock, saying which lock in a row it is and until when.
    until = f"{refusal.until:%H:%M}" if isinstance(refusal, UserLocked) else None
    detail = f"блокировка {failed.locks} до {until or 'разблокировки менеджером'}"
    Actor(user.login).audit(ctx, uow, AuditAction.LOCKED_OUT, detail)
    log.warning("user %s locked (%s) at %s", user.login, detail, ctx.terminal)
    return refusal


def _lock_refusal(
    ctx: Context, uow: UnitOfWork, user: User
) -> UserLocked | UserLockedUntilUnlocked:
    """The refusal for a locked `user`: until a time (shop time), or until unlocked."""
    if user.locked_until is None:
        return UserLockedUntilUnlocked(user.login)
    return UserLocked(
        user.login, user.locked_until.astimezone(shop_settings.from_text(uow.settings.load()).zone)
    )


def authorise(
    ctx: Context, actor: Actor, login: str, pin: str, permission: Permission | str
) -> Grant:
    """A manager's PIN allowing `actor` one action (`permission`) at this terminal (issue #7).

    The manager's PIN is checked as at sign-in (wrong ones counted against them, five
    lock them, the locks growing as they do there; an empty one is no try) and the
    authorisation recorded; the grant is used by the first use case that needs it.

    Raises:
        PinRequired: no PIN typed; UnknownUser, UserLocked, UserLockedUntilUnlocked,
            WrongPin; NotPermitted: the PIN is not a manager's; InvalidText:
            `permission` names no action.
    """
    granted = _permission(permission)
    # The check records who allowed what (pos.core.audit AUTHORISED); the grant needs only what.
    sign_in(ctx, login, pin, grant=(granted, actor.login))
    return Grant(granted)


def lock_screen(ctx: Context, actor: Actor) -> None:
    """Record that the window locked itself after the idle time (a setting)."""
    with ctx.unit_of_work() as uow:
        actor.audit(ctx, uow, AuditAction.SCREEN_LOCKED)
        uow.commit()


def confirm_pin(ctx: Context, actor: Actor, pin: str) -> None:
    """Unlock the screen after it locked itself when idle: this user's PIN again.

    Raises:
        PinRequired, UserLocked, UserLockedUntilUnlocked, WrongPin: as at sign-in
            (wrong PINs counted, five lock the user; an empty one is no try).
    """
    sign_in(ctx, actor.login, pin, unlock=True)


def sign_out(ctx: Context, actor: Actor) -> None:
    """Record that the user left the terminal."""
    with ctx.unit_of_work() as uow:
        actor.audit(ctx, uow, AuditAction.SIGNED_OUT)
        uow.commit()


# --- users ----------------------------------------------------------------------------------------


def user_logins(ctx: Context, actor: Actor) -> list[str]:
    """The logins offered on the sign-in screen: who works in this terminal's office."""
    return list(_staff(ctx))


def manager_logins(ctx: Context, actor: Actor) -> list[str]:
    """The managers of this office and the heads, who can allow an action with their PIN
    (offered in its dialog)."""
    return [
        login for login, role in _staff(ctx).items() if role is Role.MANAGER or role is Role.HEAD
    ]


def users(ctx: Context, actor: Actor) -> list[UserInfo]:
    """The users of this office with their role in it and their lock state, the heads among
    them (managers; a head sees every user, with their role here if they have one)."""
    actor.require(Permission.USERS)
    now = ctx.clock.now()
    everyone = actor.role is None or actor.role is Role.HEAD
    with ctx.unit_of_work() as uow:
        found = []
        here = uow.users.roles_in(ctx.office)
        for u in uow.users.list():
            role = _role_here(u, here)
            if role is None and not everyone:
                continue
            shown_role = role or u.role
            found.append(
                UserInfo(
                    u.login,
                    shown_role,
                    u.locked_until if u.is_locked(now) else None,
                    u.locked_for_good,
                    u.full_name,
                )
            )
        return found


def create_user(
    ctx: Context,
    actor: Actor,
    login: str,
    pin: str,
    role: str,
    *,
    office: str | None = None,
    name: str = "",
) -> UserInfo:
    """Add a cashier or a manager of an office (None: this terminal's), or a head of the
    chain (managers; a head only by a head; the command line's `create-user`); `name`, the
    surname, name and patronymic their papers are signed with ("": the login, issue 34).

    Raises:
        NotPermitted: a cashier asked, or a manager asked for a head; NotManagerOf: a
        manager asked for an office they do not manage; InvalidUser: the login, PIN or role
        does not fit; UserExists: the login is taken; UnknownOffice; InvalidText: a name
        no database can keep.
    """
    actor.require(Permission.USERS)
    full_name = check_full_name(name)
    user = User(check_login(login), parse_role(role), ctx.pins.hash(check_pin(pin)))
    user = dataclasses.replace(user, full_name=full_name)
    where = ctx.office if office is None else shop_settings.check_office_code(office)
    if user.role is Role.HEAD:
        actor.require(Permission.CHAIN)
    with ctx.unit_of_work() as uow:
        if uow.offices.get(where) is None:
            raise UnknownOffice(where)
        require_manager_of(ctx, uow, actor, [where], "create_user")  # issue 34
        if uow.users.get(user.login) is not None:
            raise UserExists(user.login)
        uow.users.add(user)
        detail = f"{user.login} ({user.role})"
        if user.role is not Role.HEAD:
            uow.users.set_role(user.login, where, user.role)
            detail = f"{user.login} ({user.role}, пункт {where})"
        actor.audit(ctx, uow, AuditAction.USER_CREATED, detail)
        uow.commit()
    return UserInfo(user.login, user.role, None, full_name=user.full_name)


def assign_user(ctx: Context, actor: Actor, login: str, *, office: str, role: str | None) -> None:
    """Give a user a role in an office, keeping their other offices (None or "": they no
    longer work there). A manager assigns in the offices they manage; the head in any.

    Raises:
        NotPermitted; NotManagerOf: an office the manager does not manage; UnknownUser;
        UnknownOffice; InvalidUser: not a role of an office.
    """
    actor.require(Permission.USERS)
    office = shop_settings.check_office_code(office)
    name = clean_text(login, "login", LOGIN)
    given = None if role in (None, "") else parse_role(role)
    if given is Role.HEAD:
        raise InvalidUser("role")  # a head works in every office already
    with ctx.unit_of_work() as uow:
        user = uow.users.get(name)
        if user is None:
            raise UnknownUser(name)
        if uow.offices.get(office) is None:
            raise UnknownOffice(office)
        require_manager_of(ctx, uow, actor, [office], "assign_user")  # issue 34
        uow.users.set_role(name, office, given)
        actor.audit(ctx, uow, AuditAction.USER_ASSIGNED, f"{name}: пункт {office}, {given or '—'}")
        uow.commit()


def chain_of_offices(ctx: Context) -> bool:
    """True when the database has more than one office: the chain's line, results and
    settlement are then a head's (pos.people.permissions.CHAIN_ONLY)."""
    with ctx.unit_of_work() as uow:
        return uow.offices.count() > 1


def _role_here(user: User, here: dict[str, Role]) -> Role | None:
    """The user's role in the office whose roles by login are `here` (a head's: head)."""
    return Role.HEAD if user.role is Role.HEAD else here.get(user.login)


def _staff(ctx: Context) -> dict[str, Role]:
    """Who works in this terminal's office (the heads too), with their role here."""
    with ctx.unit_of_work() as uow:
        here = uow.users.roles_in(ctx.office)
        found = {u.login: _role_here(u, here) for u in uow.users.list()}
    return {login: role for login, role in found.items() if role is not None}


def unlock_user(ctx: Context, actor: Actor, login: str) -> None:
    """Lift a user's lock after wrong PINs, even one with no end; the locks in a row are
    counted anew (managers; the command line's `unlock-user`, the way out when the only
    manager is locked, recorded as the system at this terminal).

    Raises:
        NotPermitted: a cashier asked; NotManagerOf: the user works in an office the
        manager does not manage, or is a head and the manager is not; UnknownUser: no such
        login; InvalidText: a login no database can look up.
    """
    actor.require(Permission.USERS)
    name = clean_text(login, "login", LOGIN)
    with ctx.unit_of_work() as uow:
        user = uow.users.get(name, for_update=True)
        if user is None:
            raise UnknownUser(name)
        # Every office the user works in is involved (issue 34).
        require_manager_of(ctx, uow, actor, offices_of(uow, user), "unlock_user", login=name)
        uow.users.update(user.after_unlock())
        actor.audit(ctx, uow, AuditAction.UNLOCKED, name)
        uow.commit()
    log.info("user %s unlocked by %s at %s", name, actor.login, ctx.terminal)


def _pin_shaped(pin: object) -> bool:
    """True for what a PIN can be (4–8 digits); anything else is a wrong PIN, unhashed."""
    try:
        check_pin(pin)  # type: ignore[arg-type]  # it refuses what is not a str
    except InvalidUser:
        return False
    return True


def _permission(name: Permission | str) -> Permission:
    # What the API was given names an action of the matrix, or it is refused (issue 15).
    try:
        return Permission(name)
    except ValueError:
        raise InvalidText("permission", "unknown") from None
