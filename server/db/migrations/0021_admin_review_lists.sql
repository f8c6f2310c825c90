-- The admin's review lists (issue 23): every review and the hidden ones, newest first, each walk an index.
CREATE INDEX "clinic_reviews_created_idx" ON "clinic_reviews" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "clinic_reviews_hidden_idx" ON "clinic_reviews" USING btree ("created_at","id") WHERE "clinic_reviews"."hidden_at" IS NOT NULL;