#!/usr/bin/env python3
"""Grows db/gpu_models.tsv to cover Epoch AI's "Data on Machine Learning Hardware" (CC BY 4.0, in
tests/data/epoch/ml_hardware.csv) and the chip spellings of its GPU cluster table.

Run by hand when the Epoch tables are refreshed; it is not part of the build:
    python3 db/tools/gpu_models_from_epoch.py > db/gpu_models.tsv.new && mv db/gpu_models.tsv.new db/gpu_models.tsv
    python3 db/tools/gpu_models_from_epoch.py --performance > db/gpu_performance.tsv.new && mv ...
The second writes db/gpu_performance.tsv: each catalogued model's dense BF16 tensor throughput from
its hardware row (the row named like the model, else the first of its variants that gives one),
for compare's H100-equivalent figure; the rows already there are kept.

Each hardware row becomes an alias of the catalogue model it names (its variants -- form factor,
memory size, "Tesla", "Radeon" -- are spellings of one model), or a new model. GPUs (Epoch's types
GPU, GPGPU, DCU) are kind gpu; TPUs, NPUs, LPUs, XPUs and other ASICs are kind accelerator: not GPUs,
so outside the editorial policy. The chip column says what kind of chip a model is: GPU for the
GPUs and their families; for an accelerator the name its maker gives the kind (CHIPS below). The
hand-written rows are kept as they are, first.
"""
import csv
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
GPU_TYPES = {"GPU", "GPGPU", "DCU (GPGPU)"}
# Epoch types some of these "GPU"; they are NPUs and ASICs, not GPUs, whatever the table says.
NOT_GPUS = re.compile(r"Ascend|TPU|Trainium|Inferentia|Gaudi|GAUDI|MTIA|Maia|Kunlun|MLU|LPU|Dojo|Hanguang|SW26010|MT-\d|PEZY")
# What kind of chip an accelerator is, by its name: the kind its maker names (Google's Tensor
# Processing Unit, Huawei's and Alibaba's NPUs, Groq's Language Processing Unit, Baidu's XPU,
# Cambricon's Machine Learning Unit -- Epoch's Type says TPU, NPU, LPU, XPU where it says anything),
# else the product line that has no kind of its own (Trainium, Inferentia, Gaudi, MTIA, Maia, Dojo);
# the Sunway SW26010-Pro is a many-core CPU, the MT-3000 a hybrid CPU (Epoch's type), the MT-2000
# (Matrix-2000) a general-purpose DSP, the PEZY-SC2 a MIMD many-core processor, and a Cerebras CS
# system one wafer-scale engine.
CHIPS = [
    (r"TPU", "TPU"), (r"Trainium", "Trainium"), (r"Inferentia", "Inferentia"), (r"\bLPU\b", "LPU"),
    (r"Ascend|Hanguang", "NPU"), (r"Kunlun", "XPU"), (r"Gaudi|GAUDI", "Gaudi"), (r"MTIA", "MTIA"),
    (r"Maia", "Maia"), (r"MLU", "MLU"), (r"Dojo", "Dojo"), (r"SW26010", "CPU"), (r"MT-3000", "hybrid CPU"),
    (r"MT-2000", "GPDSP"), (r"PEZY", "many-core"), (r"Cerebras", "WSE"),
]
# Variants the hardware table does not list but the cluster table uses.
MANUAL_ALIASES = {"NVIDIA K40": ["NVIDIA Tesla K40c", "NVIDIA Tesla K40m", "K40c", "K40m", "K40"]}
MAKERS = {"Amazon AWS": "Amazon", "Kunlunxin Baidu": "Baidu", "Moore Threads (Tencent)": "Moore Threads",
          "National University of Defense Technology": "NUDT", "": "Other"}
# Names the hardware table does not give a maker for, and systems the cluster table names.
EXTRA = [
    ("Cerebras CS-1", "Cerebras", "accelerator", "CS-1", "a wafer-scale engine, not a GPU"),
    ("Cerebras CS-2", "Cerebras", "accelerator", "CS-2", "a wafer-scale engine, not a GPU"),
    ("Cerebras CS-3", "Cerebras", "accelerator", "CS-3", "a wafer-scale engine, not a GPU"),
]


def chip_of(name, kind):
    if kind != "accelerator":
        return "GPU"
    chips = [chip for pattern, chip in CHIPS if re.search(pattern, name)]
    if len(chips) != 1:
        sys.exit(f"{name}: an accelerator needs one chip kind in CHIPS, found {chips}")
    return chips[0]


def key(name):
    return re.sub(r"[ \-_]", "", name.lower())


def variant_free(name):
    """'NVIDIA Tesla V100 SXM2 32 GB' -> 'NVIDIA V100': the model, without form factor or memory."""
    name = re.sub(r"\s*\((?:Blackwell Ultra|v\d|\d+\s*W|\d+ TFLOPS|OAM|PCIe|M\d+)\)", "", name)
    name = re.sub(r"\b(Tesla|Radeon|Habana|Data Center GPU)\s+", lambda m: "Data Center GPU " if m.group(1) == "Data Center GPU" else "", name)
    name = re.sub(r"\s+(SXM\d*|PCIe|PCle|DGXS|NVL|HGX)\b", "", name)
    name = re.sub(r"\s+\d+\s*GB\b", "", name)
    name = re.sub(r"\b(K40)[cmst]\b", r"\1", name)
    return re.sub(r"\s+", " ", name).strip()


class Catalogue:
    def __init__(self, rows):
        self.rows = rows
        self.index = {}
        for position, row in enumerate(rows):
            self.add_names(position, [row[0]] + [a for a in row[6].split(";") if a])

    def add_names(self, position, names):
        maker = key(self.rows[position][1])
        for name in names:
            k = key(name)
            self.index.setdefault(k, position)
            self.index.setdefault(k[len(maker):] if k.startswith(maker) else maker + k, position)

    def find(self, name):
        k = key(name)
        if k in self.index:
            return self.index[k]
        best, length = None, 0
        for other, position in self.index.items():
            if len(other) <= length or len(other) >= len(k) or not k.startswith(other):
                continue
            if k[len(other)].isdigit():
                continue
            best, length = position, len(other)
        return best


def main():
    with open(os.path.join(root, "db", "gpu_models.tsv"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    header, rows = lines[0], [line.split("\t") for line in lines[1:] if line]
    rows = [r for r in rows if not r[7].startswith("Epoch AI hardware")]  # regenerate ours
    catalogue = Catalogue(rows)
    with open(os.path.join(root, "tests", "data", "epoch", "ml_hardware.csv"), encoding="utf-8") as f:
        hardware = list(csv.DictReader(f))
    rows_of = {}  # catalogue position -> its hardware rows, in the table's order
    for entry in hardware:
        name = entry["Hardware name"].strip()
        maker = MAKERS.get(entry["Manufacturer"], entry["Manufacturer"])
        kind = "gpu" if entry["Type"] in GPU_TYPES or (entry["Type"] == "" and "GPU" in name) else "accelerator"
        if maker in ("NVIDIA", "AMD") and entry["Type"] == "":
            kind = "gpu"
        if NOT_GPUS.search(name):
            kind = "accelerator"
        base = variant_free(name)
        # Exact names only: a prefix would make the Ascend 910B a spelling of the Ascend 910.
        found = catalogue.index.get(key(name), catalogue.index.get(key(base)))
        if found is not None and catalogue.rows[found][2] != "family":
            row = catalogue.rows[found]
            aliases = [a for a in row[6].split(";") if a]
            for spelling in (name, base):
                if key(spelling) not in catalogue.index and spelling not in aliases:
                    aliases.append(spelling)
            row[6] = ";".join(aliases)
            catalogue.add_names(found, aliases)
            rows_of.setdefault(found, []).append(entry)
            continue
        canonical = base if base.startswith(maker) or maker == "Other" else base
        note = "Epoch AI hardware: " + name + ("" if kind == "gpu" else "; not a GPU")
        package = "gpu" if kind == "gpu" else "accelerator"
        aliases = [s for s in dict.fromkeys([name] + MANUAL_ALIASES.get(canonical, [])) if key(s) != key(canonical)]
        row = [canonical, maker, kind, package, "1", "", ";".join(aliases), note, chip_of(canonical, kind)]
        catalogue.rows.append(row)
        catalogue.add_names(len(catalogue.rows) - 1, [canonical] + aliases)
        rows_of.setdefault(len(catalogue.rows) - 1, []).append(entry)
    for name, maker, kind, alias, why in EXTRA:
        if catalogue.find(name) is None:
            catalogue.rows.append([name, maker, kind, "accelerator", "1", "", alias, "Epoch AI hardware: " + why,
                                   chip_of(name, kind)])
            catalogue.add_names(len(catalogue.rows) - 1, [name, alias])
    # Every chip spelling of the cluster table must now resolve.
    with open(os.path.join(root, "tests", "data", "epoch", "gpu_clusters.csv"), encoding="utf-8") as f:
        for cluster in csv.DictReader(f):
            for column in ("Chip type (primary)", "Chip type (secondary)"):
                if cluster[column] and catalogue.find(cluster[column]) is None:
                    print(f"unresolved chip: {cluster[column]}", file=sys.stderr)
    if "--performance" in sys.argv:
        print_performance(catalogue, rows_of)
        return
    print(header)
    for row in catalogue.rows:
        print("\t".join(row))


def print_performance(catalogue, rows_of):
    with open(os.path.join(root, "db", "gpu_performance.tsv"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    kept = {line.split("\t")[0]: line for line in lines[1:] if line}
    print(lines[0])
    for line in kept.values():
        print(line)
    for position, row in enumerate(catalogue.rows):
        if row[0] in kept or row[2] == "family":
            continue
        candidates = [e for e in rows_of.get(position, []) if e["Tensor-FP16/BF16 performance (FLOP/s)"]]
        candidates.sort(key=lambda e: key(e["Hardware name"]) != key(row[0]))  # the row named like the model first
        if not candidates:
            continue
        entry = candidates[0]
        tflops = float(entry["Tensor-FP16/BF16 performance (FLOP/s)"]) / 1e12
        print(f"{row[0]}\t{tflops:.6g}\t{entry['Hardware name']}")


main()
