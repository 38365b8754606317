"""Players' identity documents for the payout tests, screenshots and benchmarks."""

from __future__ import annotations

from datetime import date

from pos.people.identity import IdDocument

PASSPORT = IdDocument(
    surname="Иванов",
    name="Пётр",
    patronymic="Сергеевич",
    birth_date=date(1990, 5, 17),
    kind="паспорт",
    number="MP 1234567",
    issued_on=date(2015, 3, 12),
    issued_by="Октябрьский РУВД г. Минска",
    expires_on=date(2030, 3, 12),
)
ID_CARD = IdDocument(
    surname="Ковалёва",
    name="Анна",
    patronymic="Петровна",
    birth_date=date(1985, 1, 9),
    kind="ID-карта",
    number="KH 7654321",
    issued_on=date(2022, 6, 1),
    issued_by="Фрунзенский РУВД г. Минска",
    expires_on=date(2032, 6, 1),
)
PASSPORT_HB = IdDocument(
    surname="Шевчук",
    name="Дмитрий",
    patronymic="Олегович",
    birth_date=date(1979, 11, 23),
    kind="паспорт",
    number="HB 2345678",
    issued_on=date(2019, 8, 20),
    issued_by="Гомельский ГОВД",
    expires_on=date(2029, 8, 20),
)
