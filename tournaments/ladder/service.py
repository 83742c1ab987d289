"""The bots' ladder in the database: its events appended, its read models kept in step.

Every ladder fact is an event in the ruleset's stream ``ladder/<ruleset>`` (tournaments.ladder
lists them), appended through games.record.eventlog under the ``Ladder`` row's lock with the version
the row holds (so the log's own optimistic check agrees), in the same transaction as the read
models it changes: ``LadderEntry`` (who is in, paused, gone and why), ``LadderTable`` (which
matches the ladder seated, rated or not), ``LadderRating`` and ``LadderRatingPoint`` (ratings
and their history). ``rebuild(ruleset)`` folds the stream with the pure ``fold.fold`` to the
same values; the incremental update and the fold share ``fold.rate``, so they agree exactly.

As in games.service: ``check_*`` validate and raise ServiceError (a code of the catalogue in
games/errors.py) before anything is written; ``do_*`` change the database. Nothing
listens to a ladder's stream as it grows: its matches reach the workers through games'
announcement (docs/architecture.md §4.3), and its pages read the read models.

Decisions:

- Built-in bots cannot join (400 ``builtin_bot``), the house's or anyone's: the ladder rates the
  programs people write. The site's own strategies take part as anchors, one house bot per
  strategy of ``LADDER_ANCHORS``, whose ratings pin the scale; copies of them in the pool would
  only spend the workers' time rating the same strategy twice.
- One owner may enter several bots: the seating never puts two of them at one table
  (docs/architecture.md §3.5), and ladder tables share no cards, so nothing is shown twice.
- A bot plays one live ladder match at a time, in any ruleset's ladder: the ladder paces itself
  and a slow bot holds up one table, not several.
- Pausing or leaving never touches a live match: the bot finishes it, and the match is rated.
  A bot that leaves keeps its rating; joining again goes on from it.
- A bot (or its owner's account) that is disabled leaves at the next tick (reason
  ``disabled``); a bot whose seat was handed to a built-in bot for faults leaves once that
  match is rated (reason ``faults``). That match is its forfeit: it ranks last at the table
  for that bot, whatever the house bot made of the seat, and the others are rated among
  themselves (``match_rated``'s ``taken_over``, tournaments.ratings.match_ratings). Its
  owner may opt it in again once it is mended, but not before ``LADDER_REJOIN_WAIT_SECONDS``
  have passed since it left, doubling on each leave for faults (409 ``rejoin_too_soon`` with
  ``retry_after``): a broken bot cannot keep taking seats that the house then plays.
"""

import logging
import math
import random
from datetime import timedelta
from datetime import timezone as dt_timezone

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from bots import events as bot_events
from bots.house import house_account, house_bot
from bots.house_names import house_bot_name
from bots.models import Bot
from games import engine
from games.errors import ServiceError
from games.models import Event, Match, Seat
from games.offer import offered_names
from games.record import eventlog
from games.service import creating, hand_overs, playing, states

from ..models import Ladder, LadderEntry, LadderRating, LadderRatingPoint, LadderTable
from ..ratings import NEWCOMER, Rating
from ..ratings import leaderboard as ranked
from . import fold, seating

log = logging.getLogger(__name__)

LADDER_EVENT_PREFIX = "ladder/"  # Match.event of every ladder match: "ladder/<ruleset>"


# ------------------------------------------------------------------ settings
def options_of(ruleset):
    return dict(getattr(settings, "LADDER_OPTIONS", {}).get(ruleset, {}))


def table_size(ruleset):
    return engine.RULESETS[ruleset].num_seats(options_of(ruleset))


def max_tables():
    return int(getattr(settings, "LADDER_MAX_TABLES", 10))


def anchor_strategies(ruleset):
    """The LADDER_ANCHORS strategies that play ``ruleset``, in the settings' order."""
    policies = engine.RULESETS[ruleset].policies
    return [s for s in getattr(settings, "LADDER_ANCHORS", ()) if s in policies]


# ------------------------------------------------------------------ the stream
def check_ruleset(ruleset, status=400):
    """A ladder exists for each offered ruleset: a write to another is 400
    ``ruleset_not_offered``; a read of one (``status=404``) is 404 ``not_found``."""
    if ruleset in offered_names():
        return
    if status == 404:
        raise ServiceError("not_found", problem=_("there is no ladder for “%(ruleset)s”"), ruleset=ruleset)
    raise ServiceError("ruleset_not_offered", ruleset=ruleset, offered=", ".join(offered_names()))


def locked(ruleset):
    """The ruleset's Ladder row (made on first use), locked until the transaction ends."""
    Ladder.objects.get_or_create(ruleset=ruleset)
    return Ladder.objects.select_for_update().get(ruleset=ruleset)


def append(ladder, events, actor):
    """Append to the ladder's stream after the version its locked row holds."""
    rows = eventlog.append(
        ladder.stream, ladder.version, events, {"actor": actor}, known_head=(ladder.version, ladder.head_hash)
    )
    ladder.version += len(rows)
    ladder.head_hash = rows[-1].hash
    ladder.save(update_fields=["version", "head_hash"])
    return rows


def rebuild(ruleset):
    """The ladder folded from its stream alone (tournaments.ladder.fold.fold)."""
    rows = eventlog.stream_events(fold.stream_name(ruleset))
    return fold.fold(eventlog.as_engine_event(row) for row in rows)


# ------------------------------------------------------------------ owners' actions
def own_bot(user, bot_id):
    """The user's bot ``bot_id``; anyone else's (or none) is 404, as in the bots API."""
    bot = Bot.objects.select_related("owner").filter(pk=bot_id).first()
    if bot is None or user is None or not user.is_authenticated or bot.owner_id != user.pk:
        raise ServiceError("not_found", problem=_("you have no bot %(bot)s"), bot=bot_id)
    return bot


def rejoin_wait_seconds():
    return float(getattr(settings, "LADDER_REJOIN_WAIT_SECONDS", 3600))


def fault_record(ruleset, bot_id):
    """(times the bot left this ladder for faults, when it may join again or None), from the
    ladder's own stream: its ``bot_left`` events with reason ``faults`` and the time the last
    was recorded, then tournaments.ladder.fold.rejoin_wait of LADDER_REJOIN_WAIT_SECONDS (as the
    setting is now: changing it changes the waits still running), up to the next whole second
    (so that ``rejoin_at`` and ``retry_after`` name the same moment)."""
    left = Event.objects.filter(
        stream=fold.stream_name(ruleset), type="bot_left", payload__bot=bot_id, payload__reason="faults"
    )
    count = left.count()
    if not count:
        return 0, None
    last = left.order_by("-version").values_list("recorded_at", flat=True).first()
    at = (last + timedelta(seconds=fold.rejoin_wait(count, rejoin_wait_seconds()))).astimezone(dt_timezone.utc)
    return count, at.replace(microsecond=0) + timedelta(seconds=1) if at.microsecond else at


def rejoin_at(entry):
    """When the entry's bot may join again, if it left for faults and still waits; else None.
    (Its entry says so: a bot out for faults cannot have joined again, nor left for another
    reason, before its wait ran out.)"""
    if entry is None or entry.status != LadderEntry.Status.LEFT or entry.left_reason != LadderEntry.Reason.FAULTS:
        return None
    at = fault_record(entry.ruleset, entry.bot_id)[1]
    return at if at is not None and at > timezone.now() else None


def check_rejoin_wait(ruleset, bot):
    """A bot that left this ladder for faults waits before it joins again: 409
    ``rejoin_too_soon`` with ``retry_after`` (whole seconds), ``rejoin_at`` and ``fault_leaves``."""
    count, rejoin_at = fault_record(ruleset, bot.pk)
    if rejoin_at is None:
        return
    seconds = (rejoin_at - timezone.now()).total_seconds()
    if seconds <= 0:
        return
    raise ServiceError(
        "rejoin_too_soon",
        bot=bot.name,
        fault_leaves=count,
        rejoin_at=rejoin_at.isoformat(),
        retry_after=max(1, math.ceil(seconds)),
    )


def check_can_join(bot, entry):
    if bot.kind == Bot.Kind.BUILTIN:
        raise ServiceError("builtin_bot", bot=bot.name)
    if not bot.is_active:
        raise ServiceError("bot_disabled", bot=bot.name)
    if entry is not None and entry.status != LadderEntry.Status.LEFT:
        raise ServiceError("already_in_ladder", bot=bot.name)


def check_in_ladder(bot, entry):
    if entry is None or entry.status == LadderEntry.Status.LEFT:
        raise ServiceError("not_in_ladder", bot=bot.name)


def entry_of(ruleset, bot):
    return LadderEntry.objects.select_for_update().filter(ruleset=ruleset, bot=bot).first()


def do_join(ruleset, user, bot_id):
    """Opt one's bot into the ruleset's ladder (again, after it left): ``bot_joined``."""
    check_ruleset(ruleset)
    bot = own_bot(user, bot_id)
    with transaction.atomic():
        ladder = locked(ruleset)
        entry = entry_of(ruleset, bot)
        check_can_join(bot, entry)
        check_rejoin_wait(ruleset, bot)
        append(ladder, [{"type": "bot_joined", "bot": bot.pk, "owner": bot.owner_id}], playing.actor_key(user))
        now = timezone.now()
        if entry is None:
            entry = LadderEntry(ruleset=ruleset, bot=bot)
        entry.status, entry.left_reason, entry.joined_at, entry.changed_at = LadderEntry.Status.ACTIVE, "", now, now
        entry.save()
    return entry


def do_set_status(ruleset, user, bot_id, status):
    """Pause one's bot (it finishes its match, and is not seated again) or resume it."""
    check_ruleset(ruleset)
    if status not in (LadderEntry.Status.ACTIVE, LadderEntry.Status.PAUSED):
        raise ServiceError("invalid_input", problem=_("status must be “paused” or “active”"))
    bot = own_bot(user, bot_id)
    with transaction.atomic():
        ladder = locked(ruleset)
        entry = entry_of(ruleset, bot)
        check_in_ladder(bot, entry)
        if entry.status == status:
            if status == LadderEntry.Status.PAUSED:
                raise ServiceError("already_paused", bot=bot.name)
            raise ServiceError("already_active", bot=bot.name)
        if status == LadderEntry.Status.ACTIVE and not bot.is_active:
            raise ServiceError("bot_disabled", bot=bot.name)
        kind = "bot_paused" if status == LadderEntry.Status.PAUSED else "bot_resumed"
        append(ladder, [{"type": kind, "bot": bot.pk}], playing.actor_key(user))
        entry.status, entry.changed_at = status, timezone.now()
        entry.save(update_fields=["status", "changed_at"])
    return entry


def do_leave(ruleset, user, bot_id):
    """Take one's bot out of the ladder: ``bot_left`` with reason ``owner``."""
    check_ruleset(ruleset)
    bot = own_bot(user, bot_id)
    with transaction.atomic():
        ladder = locked(ruleset)
        entry = entry_of(ruleset, bot)
        check_in_ladder(bot, entry)
        leave(ladder, [entry], LadderEntry.Reason.OWNER, playing.actor_key(user))
    return entry


def leave(ladder, entries, reason, actor, before=()):
    """Append ``before`` and a ``bot_left`` for each entry, and mark them gone."""
    events = [*before, *({"type": "bot_left", "bot": e.bot_id, "reason": str(reason)} for e in entries)]
    if not events:
        return []
    rows = append(ladder, events, actor)
    now = timezone.now()
    for entry in entries:
        entry.status, entry.left_reason, entry.changed_at = LadderEntry.Status.LEFT, reason, now
        entry.save(update_fields=["status", "left_reason", "changed_at"])
    return rows


def disabled_entries(ruleset):
    return (
        LadderEntry.objects.filter(ruleset=ruleset)
        .exclude(status=LadderEntry.Status.LEFT)
        .filter(Q(bot__is_active=False) | Q(bot__owner__is_active=False))
    )


def do_remove_disabled(ruleset):
    """Bots disabled (or whose owner's account is) leave: ``bot_left`` with reason ``disabled``."""
    if not disabled_entries(ruleset).exists():
        return []
    with transaction.atomic():
        ladder = locked(ruleset)
        gone = list(disabled_entries(ruleset).select_for_update(of=("self",)).order_by("bot_id"))
        leave(ladder, gone, LadderEntry.Reason.DISABLED, "system")
    return [e.bot_id for e in gone]


# ------------------------------------------------------------------ seating
def busy_bots(bot_ids):
    """Those of ``bot_ids`` seated at a live ladder match of any ruleset."""
    return set(
        Seat.objects.filter(
            bot_id__in=list(bot_ids), match__status=Match.Status.LIVE, match__event__startswith=LADDER_EVENT_PREFIX
        ).values_list("bot_id", flat=True)
    )


def ordinals(ruleset):
    """(ordinal, games) by bot id, from the ruleset's ratings."""
    return {
        bot: (ordinal, games)
        for bot, ordinal, games in LadderRating.objects.filter(ruleset=ruleset).values_list(
            "bot_id", "ordinal", "games"
        )
    }


def anchors_of(ruleset):
    """The house bots that complete short tables: one per LADDER_ANCHORS strategy (each made on
    first use), and only the house's own built-in bots, whatever else bears their names."""
    strategies = anchor_strategies(ruleset)
    if not strategies:
        return []
    house_bot(strategies[0])  # makes every house bot that is missing
    names = [house_bot_name(s) for s in strategies]
    found = {
        b.name: b
        for b in Bot.objects.filter(name__in=names, kind=Bot.Kind.BUILTIN, owner=house_account()).select_related(
            "owner"
        )
    }
    return [found[name] for name in names if name in found]


def do_seat_tables(ruleset):
    """Seat the free active ladder bots at new matches (tournaments.ladder.seating.seat_tables says how);
    returns the LadderTable rows made. A table the match service refuses (a bot disabled a
    moment ago) is skipped, with a log line: the next tick seats the others again."""
    if not LadderEntry.objects.filter(ruleset=ruleset, status=LadderEntry.Status.ACTIVE).exists():
        return []
    seated = []
    with transaction.atomic():
        ladder = locked(ruleset)
        capacity = max_tables() - LadderTable.objects.filter(ruleset=ruleset, match__status=Match.Status.LIVE).count()
        if capacity <= 0:
            return []
        entries = list(
            LadderEntry.objects.filter(ruleset=ruleset, status=LadderEntry.Status.ACTIVE).select_related("bot__owner")
        )
        busy = busy_bots(e.bot_id for e in entries)
        rated = ordinals(ruleset)
        candidates = [
            seating.Candidate(
                bot=e.bot_id,
                owner=e.bot.owner_id,
                ordinal=rated.get(e.bot_id, (NEWCOMER.ordinal, 0))[0],
                games=rated.get(e.bot_id, (NEWCOMER.ordinal, 0))[1],
                active=e.bot.is_active and e.bot.owner.is_active,
                free=e.bot_id not in busy,
            )
            for e in entries
        ]
        if not any(c.active and c.free for c in candidates):
            return []
        house = anchors_of(ruleset)
        anchors = [seating.Anchor(b.pk, rated.get(b.pk, (NEWCOMER.ordinal, 0))[0]) for b in house]
        for table in seating.seat_tables(candidates, anchors, table_size(ruleset), capacity):
            try:
                with transaction.atomic():
                    seated.append(seat_table(ladder, table.bots, table.anchors))
            except ServiceError as e:
                log.warning("ladder %s: table %s not seated: %s %s", ruleset, table.seats, e.code, e.details)
    return seated


def check_table(ruleset, bots, anchors):
    """A table the ladder may seat: its ladder bots active in this ladder, enabled and free,
    its anchors the house's, and a seat for each. The one-owner rule (400 ``same_owner``) and
    the table's size are the match service's own checks, made before it writes anything."""
    entries = {
        e.bot_id: e for e in LadderEntry.objects.filter(ruleset=ruleset, bot__in=bots, status=LadderEntry.Status.ACTIVE)
    }
    for bot in bots:
        if bot.pk not in entries:
            raise ServiceError("seat_not_in_ladder", bot=bot.name)
        if not bot.is_active or not bot.owner.is_active:
            raise ServiceError("bot_disabled", bot=bot.name)
    taken = busy_bots(b.pk for b in bots)
    if taken:
        name = next(b.name for b in bots if b.pk in taken)
        raise ServiceError("bot_busy", bot=name)
    house = {b.pk for b in anchors_of(ruleset)}
    for bot in anchors:
        if bot.pk not in house:
            raise ServiceError("not_an_anchor", bot=bot.name)
    if len({b.pk for b in [*bots, *anchors]}) != len(bots) + len(anchors) or not bots:
        raise ServiceError(
            "invalid_seats", problem=_("a ladder table seats at least one ladder bot, and each bot once")
        )


def seat_table(ladder, bot_ids, anchor_ids):
    """Create one table's match (seats drawn at random) and append its ``table_seated``."""
    ruleset = ladder.ruleset
    by_id = Bot.objects.select_related("owner").in_bulk([*bot_ids, *anchor_ids])
    missing = [b for b in [*bot_ids, *anchor_ids] if b not in by_id]
    if missing:
        raise ServiceError("not_found", problem=_("you have no bot %(bot)s"), bot=missing[0])
    bots, anchors = [by_id[b] for b in bot_ids], [by_id[b] for b in anchor_ids]
    check_table(ruleset, bots, anchors)
    holders = bots + anchors
    random.SystemRandom().shuffle(holders)
    match = creating.do_create_match(
        ruleset,
        options_of(ruleset),
        holders,
        event=fold.stream_name(ruleset),
        bot_turn_timeout=float(getattr(settings, "LADDER_BOT_TURN_TIMEOUT", settings.BOT_TURN_TIMEOUT_SECONDS)),
    )
    seats = [b.pk for b in holders]
    anchor_set = [b for b in seats if b in set(anchor_ids)]
    table = LadderTable.objects.create(
        ruleset=ruleset, match=match, seats=seats, anchors=anchor_set, seated_at=timezone.now()
    )
    append(ladder, [{"type": "table_seated", "match": match.pk, "seats": seats, "anchors": anchor_set}], "system")
    return table


def do_seat_table(ruleset, bot_ids, anchor_ids=()):
    """Seat one given table now (what a tick does for each table it draws), checked whole
    first: a refusal stores nothing."""
    check_ruleset(ruleset)
    with transaction.atomic():
        return seat_table(locked(ruleset), list(bot_ids), list(anchor_ids))


# ------------------------------------------------------------------ rating
def already_rated(ladder, match_id):
    return Event.objects.filter(stream=ladder.stream, type="match_rated", payload__match=match_id).exists()


def do_rate_match(match_id):
    """Rate a finished ladder match once: ``match_rated`` with its final game scores (the
    match's replayed state) and the seats a house bot held at its end (``taken_over``, from the
    match's log: each its bot's forfeit), and the ratings, games and chart points that follow;
    then a ladder bot whose seat was taken over for faults in it leaves. Returns the event, or None
    when there is nothing to do (not a ladder match, not over, or rated already: a
    ``match_rated`` for it in the stream means done, whoever gets here second)."""
    table = LadderTable.objects.filter(match_id=match_id, rated=False).first()
    if table is None:
        return None
    with transaction.atomic():
        ladder = locked(table.ruleset)
        table = LadderTable.objects.select_for_update().get(pk=table.pk)
        match = Match.objects.get(pk=match_id)
        if table.rated or match.status != Match.Status.OVER or already_rated(ladder, match_id):
            return None
        rows = eventlog.shown_rows(match.stream, match.version)
        keys = [fold.key_of(bot) for bot in table.seats]
        taken = hand_overs.seats_taken_over(match)
        event = {
            "type": "match_rated",
            "match": match_id,
            "seats": keys,
            "scores": list(states.match_state(match, rows).scores),
            "lowest_wins": engine.RULESETS[match.ruleset].lowest_wins(match.options),
            "taken_over": taken,
        }
        faulty = [table.seats[seat] for seat in taken]
        gone = list(
            LadderEntry.objects.select_for_update()
            .filter(ruleset=table.ruleset, bot_id__in=[b for b in faulty if b not in table.anchors])
            .exclude(status=LadderEntry.Status.LEFT)
            .order_by("bot_id")
        )
        appended = leave(ladder, gone, LadderEntry.Reason.FAULTS, "system", before=[event])
        changes = record_ratings(table, event, appended[0].recorded_at)
        table.rated = True
        table.save(update_fields=["rated"])
        # Its bots hear how it ended with their rating change (bots.hooks.GAME_END_TOLD_BY).
        bot_events.record_game_end(match, {seat: changes.get(key) for seat, key in enumerate(keys)})
    return event


def rates_match(match):
    """A bots.hooks.GAME_END_TOLD_BY source: a ladder match's bots hear of its end once it is rated."""
    return match.event.startswith(LADDER_EVENT_PREFIX) and LadderTable.objects.filter(match_id=match.pk).exists()


def record_ratings(table, event, at):
    """The read models after ``event`` (a match_rated): fold.rate, as the fold computes it.
    Returns each key's change as its bot is told it: ordinal before (None: its first game) and
    after, mu, sigma and games after."""
    keys = event["seats"]
    current = {r.key: r for r in LadderRating.objects.filter(ruleset=table.ruleset, key__in=keys)}
    points = fold.rate(
        {k: Rating(r.mu, r.sigma) for k, r in current.items()},
        {k: r.games for k, r in current.items()},
        event["match"],
        keys,
        event["scores"],
        event.get("lowest_wins", False),
        event.get("taken_over", []),
    )
    changes = {}
    for key, point in points.items():
        row = current.get(key) or LadderRating(ruleset=table.ruleset, key=key, bot_id=fold.bot_of(key))
        changes[key] = {
            "before": round(row.ordinal, 3) if key in current else None,
            "after": round(point.ordinal, 3),
            "mu": round(point.mu, 3),
            "sigma": round(point.sigma, 3),
            "games": point.games,
        }
        row.mu, row.sigma, row.ordinal, row.games = point.mu, point.sigma, point.ordinal, point.games
        row.anchor = row.anchor or fold.bot_of(key) in table.anchors
        row.save()
        LadderRatingPoint.objects.create(
            ruleset=table.ruleset,
            key=key,
            match_id=point.match,
            mu=point.mu,
            sigma=point.sigma,
            ordinal=point.ordinal,
            games=point.games,
            at=at,
        )
    return changes


def unrated_matches(ruleset):
    return list(
        LadderTable.objects.filter(ruleset=ruleset, rated=False, match__status=Match.Status.OVER)
        .order_by("match_id")
        .values_list("match_id", flat=True)
    )


def tick(ruleset):
    """One beat of a ruleset's ladder: rate what finished unrated (a lost task), let disabled
    bots go, then seat the free ones. Returns the tables seated."""
    for match_id in unrated_matches(ruleset):
        do_rate_match(match_id)
    do_remove_disabled(ruleset)
    return do_seat_tables(ruleset)


# ------------------------------------------------------------------ reading
def board_rows(ruleset, ratings, games, anchors):
    """Leaderboard rows from ratings (a key's Rating), games and anchor keys: ranked by ordinal,
    equal ordinals sharing a rank (tournaments.ratings.leaderboard), with each bot's name,
    owner and ladder status (None for an anchor, which is no entry)."""
    bots = Bot.objects.select_related("owner").in_bulk([fold.bot_of(k) for k in ratings])
    names = {key: bots[fold.bot_of(key)].name for key in ratings}
    kinds = {key: "anchor" if key in anchors else "bot" for key in ratings}
    status = dict(LadderEntry.objects.filter(ruleset=ruleset).values_list("bot_id", "status"))
    rows = []
    for row in ranked(ratings, names, kinds):
        bot = bots[fold.bot_of(row.key)]
        rows.append(
            {
                "rank": row.rank,
                "bot": bot.pk,
                "name": bot.name,
                "owner": bot.owner.username,
                "mu": row.mu,
                "sigma": row.sigma,
                "ordinal": row.ordinal,
                "games": games[row.key],
                "status": None if row.kind == "anchor" else status.get(bot.pk),
                "anchor": row.kind == "anchor",
            }
        )
    return rows


def leaderboard(ruleset):
    """The public leaderboard, from the read models."""
    rows = list(LadderRating.objects.filter(ruleset=ruleset))
    return board_rows(
        ruleset,
        {r.key: Rating(r.mu, r.sigma) for r in rows},
        {r.key: r.games for r in rows},
        {r.key for r in rows if r.anchor},
    )


def leaderboard_of(ruleset, folded):
    """The same leaderboard from a fold of the stream (``rebuild``)."""
    return board_rows(ruleset, folded.ratings, folded.games, {fold.key_of(b) for b in folded.anchors})


def summaries():
    """Each offered ruleset's ladder: its label msgid, bots in (playing, paused), rated bots,
    live tables and rated matches."""
    out = []
    for ruleset in offered_names():
        entries = LadderEntry.objects.filter(ruleset=ruleset)
        out.append(
            {
                "ruleset": ruleset,
                "label": engine.RULESETS[ruleset].label,
                "playing": entries.filter(status=LadderEntry.Status.ACTIVE).count(),
                "paused": entries.filter(status=LadderEntry.Status.PAUSED).count(),
                "rated": LadderRating.objects.filter(ruleset=ruleset).count(),
                "live_tables": LadderTable.objects.filter(ruleset=ruleset, match__status=Match.Status.LIVE).count(),
                "matches_rated": LadderTable.objects.filter(ruleset=ruleset, rated=True).count(),
            }
        )
    return out


def history(ruleset, bot_id):
    """A bot's rating after each of its rated ladder matches in ``ruleset``, oldest first."""
    return list(LadderRatingPoint.objects.filter(ruleset=ruleset, key=fold.key_of(bot_id)).order_by("games"))


def entries(ruleset):
    return list(LadderEntry.objects.filter(ruleset=ruleset).select_related("bot__owner").order_by("bot__name"))
