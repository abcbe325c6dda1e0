# ruff: noqa: E501 - generated: one help text per line
"""The help texts of ``whist`` and its built-in commands, marked for the catalogue.

Written by ``python -m openwhist_cli.helptext`` (``bash tools/catalogues.sh update``);
do not edit: change the help in the command and run it again."""

from openwhist_cli.i18n import N_

HELP_TEXTS = (
    N_("openwhist: play and score the Whist family of card games."),
    N_(
        "Exit codes: 0 ok; 1 runtime error; 2 usage error (unknown variant, bad option); 3 a plugin failed to load; 4 the ledger is unreachable or locked (try again); 5 the database is not a ledger this openwhist can use (needs `whist ledger upgrade`, newer, foreign or damaged); 6 invalid game record; 7 the ledger refuses this use until fixed (wrong password, read-only, disk full); 8 a table server refused this client (a link of no seat, a refused creation token, another version of the variant)."
    ),
    N_("Show the openwhist version and exit."),
    N_("Show tracebacks instead of one-line error messages."),
    N_(
        "Language of every command and its help: en, es, pt, it [default: $OPENWHIST_LANG, else the locale]."
    ),
    N_("Accounts that may change the ledger from the club's web pages."),
    N_("Add an account that may log in to the club pages and change the ledger there."),
    N_("The account's name."),
    N_("Read the password from the first line of stdin instead of asking for it."),
    N_(
        "The ledger: an SQLite file path or an SQLAlchemy URL [default: $OPENWHIST_DB, else ledger.sqlite3 in your user data directory]."
    ),
    N_("Machine-readable JSON on stdout."),
    N_("List the accounts: name, enabled or disabled, created, last login (UTC)."),
    N_("Disable an account: it cannot log in, and its open sessions end."),
    N_("Enable a disabled account again."),
    N_("Give an account a new password."),
    N_(
        "Bot-versus-bot: play DEALS boards of VARIANT and compare the bots with 95 % intervals.\n\nEvery board is the first deal of a fresh match, dealt by the seats in turn. Results are\nper bot (aggregated over its seats): win rate and tie rate (Wilson intervals), average\npoints per deal and tricks (t intervals), the statistics the variant declares\n(contracts made, ...), and paired differences between every two bots."
    ),
    N_("The variant to play (see `whist variants`)."),
    N_(
        "The bots, comma-separated. Partnerships: one per side (N-S first) or one per seat. Individual seats: one per seat, or fewer repeated in seat order. A name given twice is two entrants (NAME#2)."
    ),
    N_("How many boards (decks) to play; each once per rotation [default: 100]."),
    N_(
        "Play N whole matches (rubbers, best-of or point matches, evenings: the variant's match format under the options) instead of first deals, and report match wins as well as the per-deal figures."
    ),
    N_(
        "Seed of all randomness; the same seed gives identical output for any --workers. Without it a seed is drawn from the OS and reported."
    ),
    N_("Worker processes [default: min(2, CPUs)]; 1 plays in this process."),
    N_("Replay every board with the seats rotated, so each bot plays every hand."),
    N_("A rule option; repeatable."),
    N_("Enable a house rule; repeatable."),
    N_(
        "How many players sit at the table, for a variant played by several counts (`whist variants` lists them) [default: the variant's usual number]. A count the variant does not allow is refused (exit code 2)."
    ),
    N_("Print the results as JSON (with every deal)."),
    N_(
        "Measurement only: accept the bot name 'perfect', a bot that sees every card (the ceiling of the ladder in docs/bots.md). No match can seat it."
    ),
    N_(
        "Run every bot (or none) in worker processes that see only their view and the legal actions [default: the bots of third-party distributions only]."
    ),
    N_(
        "Sit down at a table of `whist serve` with your invite link, or watch one.\n\nThe same table and commands as `whist play`: a card (qh, 10d, Q♥) or its number, a\ncall, ? for the legal moves, hint (if the table allows it), undo (likewise), last,\ntricks, table, quit. The table's host also types start, pause, unpause, bot SEAT NAME\nand close. A lost connection is tried again; quit or Ctrl-C prints the link to come\nback with."
    ),
    N_(
        "The invite link: http://HOST:PORT/t/TABLE#TOKEN (a link without #TOKEN watches the table)."
    ),
    N_("Language: en, es, pt, it [default: $OPENWHIST_LANG, else the locale]."),
    N_("Suit letters (S H D C) instead of symbols."),
    N_("A four-colour deck: blue diamonds, green clubs."),
    N_("Pause after each trick [default: $OPENWHIST_PAUSE, else 1.5 at a terminal, else 0]."),
    N_(
        "Play a seat of a `whist serve` table with a bot: it decides from the seat's view\nalone, as a human there would, comes back after a lost connection, and stops when the\ntable closes."
    ),
    N_(
        "The bot that plays the seat (`whist variants` lists them) [default: the variant's strongest]."
    ),
    N_("Seed of the bot's random choices."),
    N_(
        "Append every view the bot decided from to FILE (JSON lines), to see exactly what it was shown."
    ),
    N_(
        "Create a table on a `whist serve` server and print its invite links: one for the\nhost (start, pause, close...) and one per open or human seat. Give each player their\nown link; they join with `whist join LINK`."
    ),
    N_("The server: http://HOST:PORT (or HOST:PORT)."),
    N_("The variant to play."),
    N_(
        "Each seat in seat order: open (whoever has its invite), human:NAME, or bot:NAME[:LEVEL] (a bot on the server). Repeatable; seats not given are open."
    ),
    N_("Let players take back their last action."),
    N_("Let players ask for hints."),
    N_("Let anyone watch."),
    N_(
        "A player away longer than this has the table's bot play the seat until they are back [default: the table waits]."
    ),
    N_("The bot that holds seats."),
    N_("The server's table-creation token, if it needs one [default: $OPENWHIST_CREATE_TOKEN]."),
    N_(
        "List the ledger's matches, newest first.\n\nThe list fits the terminal (80 columns when it is not one): the players and the score\nwrap, and when that is not enough the start time, then the number of deals, then the\nstatus are left out (--wide shows every column)."
    ),
    N_("Only this variant."),
    N_("Only matches with NAME."),
    N_("Only matches still open (resumable)."),
    N_("Every column at its full width, however wide the terminal is."),
    N_(
        "Per player across matches, per variant: matches, deals, wins, points.\n\nPoints are the sum of the player's party's score entries (partners share their side's\npoints), corrections included. Each variant's own statistics follow, as it declares\nthem (game points, contracts made, ...); a statistic's column is left out while every\nplayer's figure is 0. The table fits the terminal (80 columns when it is not one): the\nvariant's statistics are left out first, then deals won, deals and finished matches\n(--wide shows every column)."
    ),
    N_("Only this player."),
    N_("Export a match (or --all) as CSV, JSON or a game record."),
    N_("The match to export."),
    N_("Export every match."),
    N_(
        "csv: one row per score entry; json: matches with deals and entries; record: the match as an openwhist.record/1 game record (played deals only)."
    ),
    N_("Write to FILE."),
    N_(
        "Make score entry ENTRY count POINTS, with a compensating entry (never an edit).\n\nEntry ids are on ``whist scores MATCH --lines``. The original entry stays; the new one\ncarries the difference, the note and a reference to the entry it corrects."
    ),
    N_("The score entry's id."),
    N_("What the entry should count."),
    N_("Why (required; kept with the entry)."),
    N_("Add a score entry that belongs to no deal (a penalty agreed at the table)."),
    N_("A party's name (A, NS, N, ...) or number."),
    N_("Why (required)."),
    N_("The score category."),
    N_(
        "Void deal DEAL of MATCH: compensating entries take its points back (nothing is\ndeleted), and the sheet shows the deal as void."
    ),
    N_("The deal's number in MATCH."),
    N_("Why (required; kept with the void)."),
    N_("Manage one match of the ledger."),
    N_("Close an open match: finished (the players stop it) or --abandon."),
    N_("Close it as abandoned (not finished)."),
    N_("The ledger's schema: upgrade it, show its revision, check it."),
    N_("Migrate the ledger to this openwhist's schema (back the file up first)."),
    N_("Show the ledger's schema revision (read-only: never modifies it)."),
    N_(
        'Check the ledger: the file\'s integrity, its invariants, and that every deal replays.\n\nReads only: never writes, not even into a damaged file. Prints each problem found;\nexit code 0 when the ledger is whole, 5 when it is damaged (docs/ledger.md, "Checking\na ledger").'
    ),
    N_(
        "Create a variant plugin from openwhist's template: a distribution with the entry\npoint, rules with the hooks most variants override, options, presentation and score\nsheet, a bot, es/pt/it catalogues, tests that run the conformance kit and a docs page.\nAt a terminal it asks for what the options do not give."
    ),
    N_(
        "The variant's name, as players will type it (lower-case letters and digits, words joined by '-')."
    ),
    N_("Where to write the project: a new or empty directory [default: ./openwhist-NAME]."),
    N_("Its title [default: 'Name Whist']."),
    N_("One line saying what the game is."),
    N_("How many players: one count or a range, from 2 to 7 [default: 2-7]."),
    N_("The distribution's name [default: openwhist-NAME]."),
    N_("The Python package [default: openwhist_NAME]."),
    N_("Ask nothing: take the default of every answer not given."),
    N_(
        "Play a match at the terminal: against bots, or hot-seat with friends.\n\nAt your turn type a card (qh, 10d, Q♥) or its number in your hand, or a call in the\nvariant's notation; ? lists the legal moves, hint asks the strongest bot (and says why),\nundo takes back your last action, last shows the last trick, tricks every trick of the\ndeal, table redraws, quit leaves.\n\nEvery match is recorded in the ledger as it is played (each action, each deal's\nscore), so `whist resume` continues it after quitting, a crash or a kill."
    ),
    N_("The variant to play (see `whist variants`); without it you are asked."),
    N_(
        "Who sits where: SEAT is a seat name (A, N, ...) or number from 1; WHO is human, human:NAME, bot:NAME or bot:NAME:LEVEL (a bot at one of its levels, e.g. bot:expert:3; `whist variants` lists the bots and levels). Repeatable. Default: you in the first seat, the variant's strongest bot elsewhere (the highest declared strength; the variant's default bot when none has any)."
    ),
    N_("Seed of the shuffles and the bots (0 to 2^63-1: the ledger keeps it)."),
    N_("Stop after this many deals, even mid-match."),
    N_("A bot's thinking pause [default: $OPENWHIST_BOT_DELAY, else 0.5 at a terminal, else 0]."),
    N_("Allow taking back your last action."),
    N_("Play a single legal card automatically."),
    N_(
        "Also play your card when every legal card is equivalent (the lowest; implies --autoplay; docs/playing.md#auto-play)."
    ),
    N_("After each deal, review the human seats' decisions (as `whist review`)."),
    N_("Append the match's game record to FILE (JSON lines), finished or not."),
    N_(
        "Record the match in this ledger [default: $OPENWHIST_DB, else ledger.sqlite3 in your user data directory]."
    ),
    N_("Do not record the match in the ledger."),
    N_(
        "Run each bot in a worker process that sees only its view and the legal actions (docs/bots.md#trust)."
    ),
    N_(
        "Continue a match recorded in the ledger, at its last action.\n\nAfter quitting, a crash or a killed process: the completed deals stay as they were\nscored, and the deal in progress is replayed to its last logged action. Actions made\nbefore the resume cannot be undone."
    ),
    N_("The match to continue [default: the most recent open one]."),
    N_("The ledger [default: $OPENWHIST_DB, else ledger.sqlite3 in your user data directory]."),
    N_("Stop after this many more deals, even mid-match."),
    N_(
        "List the loaded plugins, the house rules each registered, and the ones that failed\n(exit code 3 if any failed)."
    ),
    N_("Print the listing as JSON."),
    N_("Keep the score of a game played with real cards."),
    N_("Start score-keeping a match played with real cards; prints the match number."),
    N_("The variant played."),
    N_("A player, in seat order (the first deals first unless --first-dealer)."),
    N_("The first dealer: a seat name, a number from 1, or a player's name."),
    N_("A label (e.g. the evening)."),
    N_("Enter one deal of a real-card match: its facts, validated, then scored."),
    N_("The deal's facts; without them each fact is asked for."),
    N_(
        "A name for this deal (e.g. tuesday-7): entering it again with the same key records nothing."
    ),
    N_("The facts are the same as the last deal's, and this is a new deal."),
    N_("List the facts a deal of MATCH takes (names, defaults, meaning)."),
    N_(
        "Replay every record in FILE and check its results (exit code 6 if any is invalid).\n\nA problem is reported with the record's position in the file (match N, line L) and the\n1-based deal and action where replay stopped, with the reason."
    ),
    N_("A file of game records: JSON lines, or one JSON record (or a list); - reads stdin."),
    N_("Print one verdict per record as JSON."),
    N_("Rate every decision of a seat in a played match: the best choice, its cost, why."),
    N_("A ledger match id, or a game-record file (- reads stdin)."),
    N_("Review only this deal (1-based)."),
    N_(
        "The seat to review (a seat name, a player's name or 1-based number); repeat for more [default: the human seats, else every seat]."
    ),
    N_("Rate every decision with all cards open (not what the seat knew)."),
    N_("Sampled deals per decision [default: the bot's]."),
    N_("The seed of the sampled deals."),
    N_("Which record of a file (1-based)."),
    N_("Print the review as JSON."),
    N_("Language: en, es, pt, it [default: $OPENWHIST_LANG]."),
    N_(
        "Show a match's score sheet as its players keep it (We/They, per player, per deal).\n\nThe sheet fits the terminal (80 columns when it is not one): a sheet wider than that\nwraps its notes; --wide shows every column at its full width."
    ),
    N_("The match (see whist matches)."),
    N_("First deal shown."),
    N_("Last deal shown."),
    N_("Every deal, even past 500."),
    N_("Also list every score entry with its id."),
    N_(
        "Host tables for network play: a websocket server that keeps every table's game\nand writes every action to the ledger before anyone sees it, so a restart resumes\neach table at its last action."
    ),
    N_(
        "The ledger that keeps the tables (default: $OPENWHIST_DB, else ledger.sqlite3 in the user data directory)."
    ),
    N_(
        "The address to listen on (default 127.0.0.1: this machine only; put a reverse proxy with TLS in front to open it to others, docs/server.md)."
    ),
    N_("The port to listen on."),
    N_(
        "A web origin (https://cards.example.org) whose pages may open websockets here, besides the server's own; repeatable."
    ),
    N_(
        "Creating a table needs this token (Authorization: Bearer TOKEN; default: $OPENWHIST_CREATE_TOKEN, else only programs on this machine may create tables)."
    ),
    N_("Open tables at most; a request for one more is refused (HTTP 429)."),
    N_(
        'Play DEALS deals of VARIANT in whole matches with bots and summarise the results.\n\nThe last match is cut short if the deals run out before it ends: its record says\n"finished": false and it counts under matches_cut_short.'
    ),
    N_("The bot for every seat, or repeat once per seat in seat order [default: random]."),
    N_(
        "Seed of all randomness; the same seed gives identical output. Without it a seed is drawn from the OS and reported."
    ),
    N_("How many deals to play in all."),
    N_("Write one game record per match to FILE, as JSON lines."),
    N_("Print the summary as JSON."),
    N_(
        "Run each seat's bot in a worker process that sees only its view and the legal actions (same results; docs/bots.md#trust)."
    ),
    N_(
        "List the installed variants: name, title, players, distribution, version, options,\nthe bots that can play each one, with their levels, and the house rules that apply to\neach one."
    ),
)
