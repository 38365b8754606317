"""The kill -9 soak (issue #15, notes/reliability.md §3.A): not part of `make test`.

    python -m tests.soak payouts --kills 1000 [--printers two]
    python -m tests.soak issuing --kills 1000
    python -m tests.soak payouts --faulty 1500        # printers failing at random, no kills
    python -m tests.soak issuing --faulty --kills 200 # both
    python -m tests.soak payouts --kills 20           # the smoke run, well under a minute
    python -m tests.soak accounts --kills 300 [--printers two] [--postgres]

A parent process prepares a SQLite shop (tests.soak.prepare), then starts worker processes
one after another (tests.soak.worker): a cashier at terminal К1 paying out winning slips,
taking bets, or (accounts, issue 19) taking cash onto a player's account, paying it out and
opening and closing «Спрэдбет» bets on it, whose printers write every job to files in a
paper folder (tests.soak.paper).
The parent kills each worker with SIGKILL at a random moment (tests.soak.run); the next
worker recovers as the cashier would, by reading the paper. At the end the paper is read
back and compared with the database (tests.soak.checks), and one line of counts is printed,
then one line per count; the exit status is 1 when an invariant fails. `operations` counts
what the database holds (payouts in the journal; slips issued and slips cancelled; the
accounts' movements),
`returned` the operations that returned to the cashier before a kill (the others were
completed, or undone, by the next worker's recovery).

Options: `--printers one|two` (receipts on the slip printer, or on a fiscal printer of their
own), `--faulty [OPS]` with `--fault-rate` (each job fails with that probability: refused
before writing, cut at a random byte, or printed whole with the answer lost), `--seed`,
`--dir` (the run's folder, kept when something failed or with `--keep`), `--spawn` (workers
as new interpreters instead of forks of the parent), `--pace-ms` (how fast the paper takes a
job: a pause per 256 bytes, so that a kill can land in the middle of one), `--control
no-spoil|blind-yes` (a negative control that must fail: numbers that went to the printer
are not spoiled, or the cashier answers "it came out" without looking).

`python -m tests.soak.repro_one_printer` replays the one finding of the first full runs
deterministically (README.md in this folder).
"""

# Before any module here imports escpos: printing sets escpos's capability cache up first.
import printing  # noqa: F401
