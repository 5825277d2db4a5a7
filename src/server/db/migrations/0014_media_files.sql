CREATE TABLE "media_files" (
	"dir" text NOT NULL,
	"file_name" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "media_files_dir_file_name_pk" PRIMARY KEY("dir","file_name")
);
--> statement-breakpoint
-- Media are already compressed (WebP, video, audio): store them out of line without trying
-- to compress them again.
ALTER TABLE "media_files" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
