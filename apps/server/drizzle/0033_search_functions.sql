-- The doctor search's two queries as functions, so that each database session plans them once and keeps the plans
-- (planning the search's query took longer than running it), and a covering index that lets a psychologist's weekly
-- slots be read from the index alone. See docs/decisions/0001-doctor-search.md.
CREATE INDEX IF NOT EXISTS "schedule_slots_week_cover_idx" ON "schedule_slots" USING btree ("psychologist_id", "day_of_week", "start_minute") INCLUDE ("end_minute");--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_has_free_slot(
  p_psychologist integer, p_zone text, p_first_day date, p_last_day date,
  p_from timestamptz, p_to timestamptz, p_now timestamptz
) RETURNS boolean LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  -- A weekly slot on a date no BLOCK covers, or a one-off SLOT, at a wall-clock moment that exists in the zone (it
  -- reads back as itself), starting in [from, to) after now, that no confirmed appointment or group session overlaps.
  -- `wall AT TIME ZONE zone` reads a repeated moment as its later instant, as the server's instantOf does.
  RETURN EXISTS (
    SELECT 1
    FROM (
      SELECT g::date + s.start_minute * interval '1 minute' AS wall, s.end_minute - s.start_minute AS len
      FROM generate_series(p_first_day, p_last_day, interval '1 day') AS g
      JOIN schedule_slots s ON s.psychologist_id = p_psychologist
        AND s.day_of_week = (ARRAY['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'])[extract(isodow FROM g)::int]::day_of_week
      WHERE NOT EXISTS (
        SELECT 1 FROM schedule_exceptions b
        WHERE b.psychologist_id = p_psychologist AND b.kind = 'BLOCK' AND g::date BETWEEN b.start_date AND b.end_date)
      UNION ALL
      SELECT x.start_date + x.start_minute * interval '1 minute', x.end_minute - x.start_minute
      FROM schedule_exceptions x
      WHERE x.psychologist_id = p_psychologist AND x.kind = 'SLOT' AND x.start_date BETWEEN p_first_day AND p_last_day
    ) c
    CROSS JOIN LATERAL (SELECT c.wall AT TIME ZONE p_zone AS at) i
    WHERE i.at >= p_from AND i.at < p_to AND i.at > p_now
      AND i.at AT TIME ZONE p_zone = c.wall
      AND NOT EXISTS (
        SELECT 1 FROM appointments a
        WHERE a.psychologist_id = p_psychologist AND a.status::text = 'CONFIRMED'
          AND a.starts_at > i.at - interval '1 day' AND a.starts_at < i.at + c.len * interval '1 minute' AND a.ends_at > i.at)
      AND NOT EXISTS (
        SELECT 1 FROM group_sessions g
        WHERE g.psychologist_id = p_psychologist AND g.status = 'CONFIRMED'
          AND g.starts_at > i.at - interval '1 day' AND g.starts_at < i.at + c.len * interval '1 minute' AND g.ends_at > i.at));
END
$fn$ COST 1000;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_psychologist_weeks(
  p_from timestamptz, p_to timestamptz, p_first_day date, p_last_day date, p_platform_zone text,
  p_types text[], p_languages text[], p_psychologist integer,
  p_paged boolean, p_after_first text, p_after_last text, p_after_id integer, p_limit integer, p_now timestamptz
) RETURNS TABLE (
  id integer, first_name text, last_name text, zone text, description text, languages text[],
  week text, blocks text, extras text, booked text, group_booked text
) LANGUAGE plpgsql STABLE AS $fn$
DECLARE
  ids integer[];
BEGIN
  -- Which psychologists, in the search's order: bookable (enabled, onboarded, verified), offering one of the types and
  -- speaking one of the languages when asked. A page reads them from users_psychologist_name_idx after its key, counts
  -- only those with a free slot, and stops at its limit.
  IF p_psychologist IS NOT NULL THEN
    ids := ARRAY(
      SELECT u.id FROM users u JOIN psychologist_profiles p ON p.user_id = u.id
      WHERE u.id = p_psychologist AND u.role = 'PSYCHOLOGIST' AND u.enabled AND u.profile_completed AND p.verified
        AND (p_types IS NULL OR p.therapy_types && p_types) AND (p_languages IS NULL OR p.languages && p_languages)
        AND (NOT p_paged OR ((u.first_name, u.last_name, u.id) > (p_after_first, p_after_last, p_after_id)
          AND search_has_free_slot(u.id, coalesce((SELECT z.name FROM time_zones z WHERE z.name = u.time_zone), p_platform_zone),
            p_first_day, p_last_day, p_from, p_to, p_now)))
      LIMIT p_limit);
  ELSIF p_paged THEN
    -- Planned afresh each time (EXECUTE): a kept, generic plan does not know the limit or the key and may test every
    -- psychologist before sorting, where this plan reads the name index in order and stops at the limit.
    EXECUTE $q$
      SELECT ARRAY(
        SELECT u.id FROM users u JOIN psychologist_profiles p ON p.user_id = u.id
        WHERE u.role = 'PSYCHOLOGIST' AND u.enabled AND u.profile_completed AND p.verified
          AND ($1::text[] IS NULL OR p.therapy_types && $1) AND ($2::text[] IS NULL OR p.languages && $2)
          AND (u.first_name, u.last_name, u.id) > ($3, $4, $5)
          AND search_has_free_slot(u.id, coalesce((SELECT z.name FROM time_zones z WHERE z.name = u.time_zone), $6),
            $7, $8, $9, $10, $11)
        ORDER BY u.first_name, u.last_name, u.id
        LIMIT $12)
    $q$ INTO ids
    USING p_types, p_languages, p_after_first, p_after_last, p_after_id, p_platform_zone,
      p_first_day, p_last_day, p_from, p_to, p_now, p_limit;
  ELSE
    ids := ARRAY(
      SELECT u.id FROM users u JOIN psychologist_profiles p ON p.user_id = u.id
      WHERE u.role = 'PSYCHOLOGIST' AND u.enabled AND u.profile_completed AND p.verified
        AND (p_types IS NULL OR p.therapy_types && p_types) AND (p_languages IS NULL OR p.languages && p_languages)
      ORDER BY u.first_name, u.last_name, u.id);
  END IF;
  -- Each one's zone (their stored name only when time_zones holds it, else the platform's), weekly schedule,
  -- exceptions near the range and confirmed appointments and group sessions near it, as comma-separated integer
  -- tuples; the appointments from the covering appointments_slot_cover_idx alone. `status::text` keeps the planner off
  -- the partial exclusion indexes.
  RETURN QUERY
  SELECT u.id, u.first_name, u.last_name,
    coalesce((SELECT z.name FROM time_zones z WHERE z.name = u.time_zone), p_platform_zone),
    p.description, p.languages,
    (SELECT string_agg(array_position(ARRAY['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'], s.day_of_week::text)
        || ',' || s.start_minute || ',' || s.end_minute, ',')
      FROM schedule_slots s WHERE s.psychologist_id = u.id),
    (SELECT string_agg((x.start_date - DATE '1970-01-01') || ',' || (x.end_date - DATE '1970-01-01'), ',')
      FROM schedule_exceptions x
      WHERE x.psychologist_id = u.id AND x.start_date <= p_last_day AND x.end_date >= p_first_day AND x.kind = 'BLOCK'),
    (SELECT string_agg((x.start_date - DATE '1970-01-01') || ',' || x.start_minute || ',' || x.end_minute, ',')
      FROM schedule_exceptions x
      WHERE x.psychologist_id = u.id AND x.start_date <= p_last_day AND x.end_date >= p_first_day AND x.kind = 'SLOT'),
    (SELECT string_agg((extract(epoch FROM a.starts_at)::bigint / 60) || ',' || (extract(epoch FROM a.ends_at)::bigint / 60), ',')
      FROM appointments a
      WHERE a.psychologist_id = u.id AND a.status::text = 'CONFIRMED'
        AND a.starts_at > p_from - interval '1 day' AND a.starts_at < p_to + interval '1 day'),
    (SELECT string_agg((extract(epoch FROM g.starts_at)::bigint / 60) || ',' || (extract(epoch FROM g.ends_at)::bigint / 60), ',')
      FROM group_sessions g
      WHERE g.psychologist_id = u.id AND g.status = 'CONFIRMED'
        AND g.starts_at > p_from - interval '1 day' AND g.starts_at < p_to + interval '1 day')
  FROM unnest(ids) WITH ORDINALITY AS k(id, n)
  JOIN users u ON u.id = k.id
  JOIN psychologist_profiles p ON p.user_id = u.id
  ORDER BY k.n;
END
$fn$;
