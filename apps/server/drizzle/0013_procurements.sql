ALTER TABLE "contracts" DROP CONSTRAINT "contracts_procurement_id_procurements_id_fk";
