-- CreateTable
CREATE TABLE "LiveChange" (
    "seq" BIGSERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "prev" BIGINT NOT NULL,
    "changes" JSONB NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LiveChange_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE INDEX "LiveChange_companyId_seq_idx" ON "LiveChange"("companyId", "seq");
