-- Built before the old index is dropped: the build holds only a SHARE lock (writes wait, searches go on); the drop's exclusive lock is then held only until the commit (ADR 0071).
CREATE INDEX "ingest_search_events_session_value_idx" ON "ingest_search_events" USING btree ("session_id","kind","at","value");--> statement-breakpoint
DROP INDEX "ingest_search_events_session_idx";