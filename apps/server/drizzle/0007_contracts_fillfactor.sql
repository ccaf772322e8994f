-- Room on every page of the register for a new version of its rows: an import that changes a
-- contract's paid or accepted sum or its nearest duty (no indexed column) then writes the new
-- version on the same page as a HOT update, without touching the fifteen indexes of the table.
-- Applies to pages written from now on; `VACUUM FULL contracts` repacks the existing ones.
ALTER TABLE "contracts" SET (fillfactor = 80);
