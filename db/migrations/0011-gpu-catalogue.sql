-- Schema version 11: the GPU catalogue in the database, for SQL.
--
-- gpu_catalogue holds the models of db/gpu_models.tsv as the binary that last opened the database
-- to write knows them: a row per catalogue model with its maker, kind (gpu, family or
-- accelerator), chip (GPU, or the kind of accelerator: TPU, NPU, LPU, ...), package and GPUs per
-- package. current_cluster.gpu_model_canonical names a row. Reference data, not history: every
-- writer rewrites it when its catalogue differs, so that it agrees with gpu_maker and
-- gpu_model_canonical as the last write derived them; the query that defines the totals of
-- gpuclusters-stats(1) reads it.
CREATE TABLE gpu_catalogue (
    model            TEXT PRIMARY KEY,
    maker            TEXT NOT NULL,
    kind             TEXT NOT NULL CHECK (kind IN ('gpu', 'family', 'accelerator')),
    chip             TEXT NOT NULL CHECK (chip <> ''),
    package          TEXT NOT NULL,
    gpus_per_package INTEGER NOT NULL
) WITHOUT ROWID;
