"""Printer trouble at the adapter boundary: which exceptions a printer library raises for a
device, and the few Russian words the cashier's message gives for each (STYLE.md B3.7).
"""

from __future__ import annotations

import errno
import logging
import socket
import sys

from escpos.escpos import Escpos
from escpos.exceptions import DeviceNotFoundError
from escpos.exceptions import Error as EscposError

log = logging.getLogger(__name__)


def device_errors() -> tuple[type[BaseException], ...]:
    """The exceptions a printer library raises for device trouble.

    pyusb's USBError and pyserial's SerialException are OSErrors; pywin32's error and
    pyusb's NoBackendError (a ValueError) are not, and are only named when loaded.
    """
    found: list[type[BaseException]] = [EscposError, OSError]
    for module, name in (("pywintypes", "error"), ("usb.core", "NoBackendError")):
        error = getattr(sys.modules.get(module), name, None)
        if isinstance(error, type) and issubclass(error, BaseException):
            found.append(error)
    return tuple(found)


def close_quietly(printer: Escpos) -> None:
    """Close an escpos printer after a call whose outcome is decided; a failure is only logged."""
    try:
        printer.close()
    except device_errors() as exc:  # the call's own outcome has been decided already
        log.debug("closing %s failed: %r", type(printer).__name__, exc)


_WORDS_BY_CLASS: tuple[tuple[type[BaseException], str], ...] = (
    (TimeoutError, "не ответил вовремя"),
    (ConnectionRefusedError, "соединение отклонено"),
    (ConnectionError, "соединение прервано"),  # reset, aborted, broken pipe
    (socket.gaierror, "адрес не найден"),
    (FileNotFoundError, "нет такого файла или устройства"),
    (IsADirectoryError, "указана папка, а не файл"),
    (PermissionError, "нет прав доступа"),
)
_WORDS_BY_ERRNO = {
    errno.ETIMEDOUT: "не ответил вовремя",
    errno.EACCES: "нет прав доступа",
    errno.EHOSTUNREACH: "нет связи с адресом",
    errno.ENETUNREACH: "нет связи с сетью",
    errno.ENXIO: "устройство не подключено",
    errno.ENODEV: "устройство не подключено",
    errno.EBUSY: "устройство занято",
    errno.ENOSPC: "нет места на диске",
    errno.EIO: "ошибка ввода-вывода",
}
_WORDS_BY_NAME = {
    "SerialTimeoutException": "не ответил вовремя",
    "USBTimeoutError": "не ответил вовремя",
    "NoBackendError": "не найдена системная библиотека libusb",
}


def detail_of(exc: BaseException) -> str:
    """A few Russian words for what went wrong, for the cashier's message."""
    # escpos raises DeviceNotFoundError inside `except OSError`, so the OS's reason is its
    # context.
    if isinstance(exc, EscposError) and exc.__context__ is not None:
        reason: BaseException = exc.__context__
    else:
        reason = exc
    name = type(reason).__name__
    if name in _WORDS_BY_NAME:
        return _WORDS_BY_NAME[name]
    for error_class, words in _WORDS_BY_CLASS:
        if isinstance(reason, error_class):
            return words
    code = getattr(reason, "errno", None)
    if isinstance(code, int) and code in _WORDS_BY_ERRNO:
        return _WORDS_BY_ERRNO[code]
    if isinstance(exc, DeviceNotFoundError):
        return "устройство не найдено"
    if isinstance(code, int):
        return f"ошибка устройства ({errno.errorcode.get(code, code)})"
    return f"ошибка устройства ({name})"
