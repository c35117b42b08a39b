-- Shared storage of uploaded files (issue 17): with UPLOAD_STORAGE=postgres each file is one
-- PostgreSQL large object, named here, so every node serves every node's uploads.
-- (server/src/domain/file-storage.ts says why large objects.)
CREATE TABLE upload_blobs (
  name text PRIMARY KEY,
  oid oid NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
