"""``whist accounts``: who may change the ledger from the club's web pages.

The club pages of ``whist serve`` are read-only for everyone; an account lets its holder
log in there and start matches, enter and correct deals (docs/club.md). Accounts are kept
in the ledger and managed here, on the machine that holds the ledger -- its local user is
the secretary, as for every other command:

* ``whist accounts add NAME`` -- a new account; the password is asked twice with hidden
  input, or read from the first line of stdin with ``--password-stdin``;
* ``whist accounts list`` -- every account, enabled or not, and its last login;
* ``whist accounts disable NAME`` / ``enable NAME`` -- stop (or allow again) its logins;
  a disabled account's open sessions end at their next request;
* ``whist accounts passwd NAME`` -- a new password.

Exit codes: 0 done; 1 no such account, or the name is taken; 2 a bad name or password,
or the two passwords typed differ; 4, 5, 7 the ledger's (docs/cli.md).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from openwhist_cli import runtime
from openwhist_cli.commands.ledger import DbOption, JsonOption, open_ledger
from openwhist_cli.i18n import _

if TYPE_CHECKING:
    from openwhist.services.accounts import AccountInfo

NameArgument = Annotated[str, typer.Argument(metavar="NAME", help="The account's name.")]
PasswordStdinOption = Annotated[
    bool,
    typer.Option(
        "--password-stdin",
        help="Read the password from the first line of stdin instead of asking for it.",
    ),
]


def _password(from_stdin: bool) -> str:
    """The new password of ``accounts add`` and ``accounts passwd``: stdin's first line
    (its line ending removed), or typed twice without echo; checked as the club's
    passwords are (`check_password`). Typed passwords that differ are a usage error,
    a refused password the accounts' error (both exit 2)."""
    from openwhist.services import UsageError
    from openwhist.services.accounts import check_password

    if from_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    elif not sys.stdin.isatty():
        raise UsageError(_("no terminal to ask the password at: give it with --password-stdin"))
    else:
        import getpass

        password = getpass.getpass(_("Password: "))
        if getpass.getpass(_("The same password again: ")) != password:
            raise UsageError(_("the two passwords differ: nothing was changed"))
    check_password(password)
    return password


def _done(account: AccountInfo, json_out: bool, said: str) -> None:
    """Say what was done to ``account``: its record as JSON, or ``said`` (its
    ``{name}`` the account's)."""
    if json_out:
        runtime.echo_json(account.as_dict())
    else:
        typer.echo(said.format(name=account.name))


def add_command(
    ctx: typer.Context,
    name: NameArgument,
    password_stdin: PasswordStdinOption = False,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Add an account that may log in to the club pages and change the ledger there."""
    with runtime.handle_errors(ctx):
        from openwhist.services.accounts import Accounts, check_name

        check_name(name)  # before the password is asked for
        password = _password(password_stdin)
        with open_ledger(ctx, db) as ledger:
            account = Accounts(ledger).add(name, password)
        _done(account, json_out, _("account {name} added"))


def list_command(ctx: typer.Context, db: DbOption = None, json_out: JsonOption = False) -> None:
    """List the accounts: name, enabled or disabled, created, last login (UTC)."""
    with runtime.handle_errors(ctx):
        from openwhist.services.accounts import Accounts

        from openwhist_cli.commands.ledger import plain_table

        with open_ledger(ctx, db) as ledger:
            accounts = Accounts(ledger).accounts()
        if json_out:
            runtime.echo_json([a.as_dict() for a in accounts])
            return
        if not accounts:
            runtime.echo_error(_("no accounts: add one with `whist accounts add NAME`"))
            return
        rows = [
            [
                a.name,
                _("disabled") if a.disabled else _("enabled"),
                (a.created_at or "")[:16].replace("T", " "),
                (a.last_login_at or _("never"))[:16].replace("T", " "),
            ]
            for a in accounts
        ]
        typer.echo(plain_table([_("name"), _("state"), _("created"), _("last login")], rows))


def _set_disabled(ctx: typer.Context, name: str, db: str | None, json_out: bool, off: bool) -> None:
    with runtime.handle_errors(ctx):
        from openwhist.services.accounts import Accounts

        with open_ledger(ctx, db) as ledger:
            account = Accounts(ledger).set_disabled(name, off)
        _done(
            account, json_out, _("account {name} disabled") if off else _("account {name} enabled")
        )


def disable_command(
    ctx: typer.Context, name: NameArgument, db: DbOption = None, json_out: JsonOption = False
) -> None:
    """Disable an account: it cannot log in, and its open sessions end."""
    _set_disabled(ctx, name, db, json_out, True)


def enable_command(
    ctx: typer.Context, name: NameArgument, db: DbOption = None, json_out: JsonOption = False
) -> None:
    """Enable a disabled account again."""
    _set_disabled(ctx, name, db, json_out, False)


def passwd_command(
    ctx: typer.Context,
    name: NameArgument,
    password_stdin: PasswordStdinOption = False,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Give an account a new password."""
    with runtime.handle_errors(ctx):
        from openwhist.services.accounts import Accounts

        with open_ledger(ctx, db) as ledger:
            accounts = Accounts(ledger)
            accounts.get(name)  # it must exist before its new password is asked for
            password = _password(password_stdin)
            account = accounts.set_password(name, password)
        _done(account, json_out, _("account {name}: password changed"))


def register(app: typer.Typer) -> None:
    """Add ``whist accounts`` to ``app``."""
    epilog = runtime.EXIT_CODES_EPILOG
    accounts_app = typer.Typer(
        help="Accounts that may change the ledger from the club's web pages.",
        no_args_is_help=True,
    )
    accounts_app.command("add", epilog=epilog)(add_command)
    accounts_app.command("list", epilog=epilog)(list_command)
    accounts_app.command("disable", epilog=epilog)(disable_command)
    accounts_app.command("enable", epilog=epilog)(enable_command)
    accounts_app.command("passwd", epilog=epilog)(passwd_command)
    app.add_typer(accounts_app, name="accounts")


__all__ = ["register"]
