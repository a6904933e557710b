#!/usr/bin/env python3
"""Hand-labelled duplicate pairs for gpuclusters (Epoch GPU clusters vs TOP500 2020).

Every pair below was judged by hand from the CSV cells (no project rule code was read).
This script only resolves keys to row numbers, checks a few arithmetic claims made in
the `why` texts, and writes pairs_dev.tsv / pairs_test.tsv / uncertain.tsv with a
stratified, seeded split (random.Random(33)).

Run: python3 build_pairs.py   (standard library only)
"""
import csv
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, '..')
EPOCH = os.path.join(DATA, 'epoch', 'gpu_clusters.csv')
T11 = os.path.join(DATA, 'top500', 'top500-2020-11.csv')
T06 = os.path.join(DATA, 'top500', 'top500-2020-06.csv')
ANON = 'Anonymized Chinese System'


def load(path):
    with open(path, encoding='utf-8', newline='') as f:
        return list(csv.DictReader(f))


epoch = load(EPOCH)
t11 = load(T11)
t06 = load(T06)
epoch_row = {}
for i, r in enumerate(epoch, 1):
    if r['Name'] != ANON:
        assert r['Name'] not in epoch_row, r['Name']
        epoch_row[r['Name']] = i
t_row = {'top500-2020-11': {r['System ID']: i for i, r in enumerate(t11, 1)},
         'top500-2020-06': {r['System ID']: i for i, r in enumerate(t06, 1)}}
t_data = {'top500-2020-11': t11, 'top500-2020-06': t06}


def E(name):
    return ('epoch', name, epoch_row[name])


def A(row):
    assert epoch[row - 1]['Name'] == ANON, row
    return ('epoch', ANON, row)


def N(sid):
    return ('top500-2020-11', sid, t_row['top500-2020-11'][sid])


def J(sid):
    return ('top500-2020-06', sid, t_row['top500-2020-06'][sid])


def rec(x):
    src, key, row = x
    return epoch[row - 1] if src == 'epoch' else t_data[src][row - 1]


def gpus(t, per_gpu):
    """TOP500 accelerator cores / cores (SMs) per GPU."""
    return int(t['Accelerator/Co-Processor Cores']) / per_gpu


PAIRS = []  # (left, right, label, why)
UNCERTAIN = []


def same(l, r, why, per_gpu=None, approx=False):
    # optional arithmetic check: TOP500 accelerator cores / SMs per GPU == Epoch chip quantity
    if per_gpu:
        t, e = (rec(l), rec(r)) if l[0] != 'epoch' else (rec(r), rec(l))
        n = gpus(t, per_gpu)
        q = float(e['Chip quantity (primary)'])
        if approx:
            assert abs(n - q) / q < 0.03, (l, r, n, q)
        else:
            assert n == q, (l, r, n, q)
    PAIRS.append((l, r, 'same', why))


def diff(l, r, why):
    PAIRS.append((l, r, 'different', why))


def unsure(l, r, why):
    UNCERTAIN.append((l, r, 'uncertain', why))


V100, A100, P100, K40, K20X = 80, 108, 56, 15, 14  # SMs per GPU as TOP500 counts them

# ---------------------------------------------------------------- same: Epoch vs TOP500 Nov 2020
same(N('179398'), E('Lawrence Livermore NL Sierra'), 'Sierra at DOE/NNSA/LLNL vs LLNL Sierra: 1382400 GV100 cores / 80 = 17280 V100, Epoch 17280; 2018', V100)
same(N('179842'), E('NVIDIA Selene Phase 2'), 'Selene, NVIDIA Corporation, DGX A100: 483840 A100 cores / 108 = 4480 A100 = Phase 2 count (Nov 2020 expansion)', A100)
same(N('179894'), E('JUWELS-Booster'), 'JUWELS Booster Module at FZJ vs Julich Supercomputing Center JUWELS-Booster: 404352/108 = 3744 A100, both 2020 (Epoch 2020-11-16)', A100)
same(N('179856'), E('Eni HPC5'), 'HPC5 at Eni S.p.A. vs Eni HPC5: 582400/80 = 7280 V100 = Epoch 7280, Italy, 2020', V100)
same(N('179885'), E('Saudi Aramco Dammam-7'), 'Dammam-7 at Saudi Aramco: 632960/80 = 7912 V100 SXM2 = Epoch 7912; Epoch Source 2 is top500.org/system/179885', V100)
same(N('179845'), E('Cineca Marconi-100'), 'Marconi-100 at CINECA vs Cineca Marconi-100: 316160/80 = 3952 V100; Epoch cites top500.org/system/179845', V100)
same(N('177824'), E('CSCS Piz Daint Phase 2'), 'Piz Daint at CSCS (Cray XC50, P100) vs ETH Domain CSCS Piz Daint Phase 2: 319424/56 = 5704 P100, 2017', P100)
same(N('179393'), E('AIST ABCI 1.0'), 'ABCI at AIST, V100 SXM2, 2018: 348160/80 = 4352 = Epoch ABCI 1.0 count, same owner string', V100)
same(N('179567'), E('Lawrence Livermore NL Lassen Phase 2'), 'Lassen at DOE/NNSA/LLNL: 253440/80 = 3168 V100 = Phase 2 count; Epoch cites top500.org/system/179567', V100)
same(N('179689'), E('TotalEnergies Pangea III'), 'PANGEA III at Total Exploration Production vs TotalEnergies Pangea III: 270720/80 = 3384 V100; Epoch cites system 179689', V100)
same(N('179444'), E('Eni HPC4 Phase 1'), 'HPC4 at Eni S.p.A., P100, 2018: 177520/56 = 3170 P100 = Phase 1 count; Epoch cites system 179444', P100)
same(N('179691'), E('NVIDIA DGX SuperPOD 2019'), 'DGX SuperPOD at NVIDIA Corporation (DGX-2H, V100): 122880/80 = 1536 V100 = Epoch count, 2019 entry', V100)
same(N('179865'), E('NCI Australia Gadi'), 'Gadi at NCI Australia: 51200/80 = 640 V100 SXM2 = Epoch 640; owner spelled National Computational Infrastructure Australia', V100)
same(N('179590'), E('Taiwania 2'), 'Taiwania 2 at National Center for High Performance Computing (Taiwan): 161280/80 = 2016 V100 SXM2, 2018', V100)
same(N('179781'), E('RPI AiMOS'), 'AiMOS at Rensselaer Polytechnic Institute CCI vs RPI AiMOS: same name, owner, V100; 120000/80 = 1500 vs Epoch 1512 (TOP500 rounds cores)', V100, approx=True)
same(N('179093'), E('GSIC TSUBAME 3.0'), 'TSUBAME3.0 at GSIC Center, Tokyo Tech: 120736/56 = 2156 P100 SXM2 = Epoch 2156, 2017', P100)
same(N('179803'), E('G42 Artemis'), 'Artemis at Group 42 (UAE) vs G42 Artemis: 103680/80 = 1296 V100 = Epoch 1296, 2019', V100)
same(N('179778'), E('SberCloud Christofari'), 'Christofari at SberCloud (Russia, DGX-2): 96000/80 = 1200 V100 = Epoch 1200, 2019', V100)
same(N('179896'), E('Japan Atomic Energy Agency and Quantum and Radiological Science and Technology HPE SGI8600'), 'unnamed HPE SGI 8600 at JAEA, 2020: 87040/80 = 1088 V100 SXM2 = Epoch JAEA HPE SGI8600 1088', V100)
same(N('179603'), E('MIT LLSC TX-GAIA'), 'TX-GAIA at MIT Lincoln Laboratory Supercomputing Center vs MIT LLSC TX-GAIA: same name and site, V100; 70720/80 = 884 vs Epoch 896', V100, approx=True)
same(N('179897'), E('Nagoya University Flow Type II (Furo)'), 'Flow Type II subsystem at Nagoya University: 70720/80 = 884 V100 SXM2 = Epoch 884, 2020', V100)
same(N('179901'), E('PARAM Siddhi-AI Phase 1'), 'PARAM Siddhi-AI at C-DAC (DGX A100): 36288/108 = 336 A100 = Phase 1 count, India 2020', A100)
same(N('179692'), E('Jean Zay Supercomputer Phase 1'), 'Jean Zay at CNRS/IDRIS-GENCI, Year 2019: 83520/80 = 1044 V100 SXM2 = Phase 1 count (not Phase 2 2696)', V100)
same(N('179854'), E('Petrobras Atlas'), 'Atlas at Petroleo Brasileiro S.A vs Petrobras Atlas: 87040/80 = 1088 V100; Epoch cites system 179854', V100)
same(N('179698'), E('Japanese Research Institute 1 Supercomputer 1'), 'unnamed Apollo 6500 at Research Institute, Japan, 2019: 66560/80 = 832 V100 SXM2; Epoch row cites top500.org/system/179698', V100)
same(N('179696'), E('SAKURA Internet 2019 V100 Supercomputer'), 'unnamed system at SAKURA Internet Inc.: 61440/80 = 768 V100 SXM2, 2019; Epoch cites system 179696', V100)
same(N('178445'), E('US Government Supercomputer 1'), 'unnamed Cray CS-Storm at Government, US, Year 2014: 62400/15 = 4160 K40; Epoch SC1 (2014-11) cites system 178445', K40)
same(N('178519'), E('US Government Supercomputer 2'), 'unnamed Cray CS-Storm at Government, US, Year 2015: 62400/15 = 4160 K40; Epoch SC2 (2015-06) cites system 178519', K40)
same(N('179877'), E('Leonardo SpA davinci-1'), 'davinci-1 at Leonardo SpA (Italy): 34560/108 = 320 A100 = Epoch 320, 2020', A100)
same(N('179859'), E('Simon Fraser University/Compute Canada Cedar'), 'Cedar (GPU) at Simon Fraser University/Compute Canada: 61440/80 = 768 V100; Epoch cites system 179859', V100)
same(N('179068'), E('Meta 2017 P100 Cluster'), 'unnamed DGX-1 system at Facebook, 2017: 55552/56 = 992 P100 = Epoch Meta 2017 P100 Cluster, which cites system 179068', P100)
same(N('178928'), E('NVIDIA SATURN V Phase 1'), 'DGX Saturn V at NVIDIA Corporation, 2016: 55552/56 = 992 P100 = Epoch SATURN V Phase 1, which cites system 178928', P100)
same(N('178425'), E('Eni HPC2'), 'HPC2 at Eni S.p.A., 2014: 42000/14 = 3000 K20X = Epoch Eni HPC2, which cites system 178425', K20X)
same(N('179681'), E('Petrobras Fênix Phase 2'), 'Fenix at Petroleo Brasileiro: 57600/80 = 720 V100 = Phase 2 count (Phase 1 had 576); Epoch cites system 179681', V100)

# ---------------------------------------------------------------- same: Epoch vs TOP500 June 2020
same(J('179398'), E('Lawrence Livermore NL Sierra'), 'June 2020 Sierra at DOE/NNSA/LLNL: 1382400/80 = 17280 V100 = Epoch LLNL Sierra', V100)
same(J('179842'), E('NVIDIA Selene Phase 1'), 'June 2020 Selene (DGX A100 SuperPOD, NVIDIA): 237600/108 = 2200 A100 ~ Phase 1 2240, operational 2020-06-22; Phase 1 cites system 179842', A100, approx=True)
same(J('179856'), E('Eni HPC5'), 'June 2020 HPC5 at Eni S.p.A.: 582400/80 = 7280 V100 = Epoch Eni HPC5', V100)
same(J('179845'), E('Cineca Marconi-100'), 'June 2020 Marconi-100 at CINECA: 316160/80 = 3952 V100; Epoch cites system 179845', V100)
same(J('177824'), E('CSCS Piz Daint Phase 2'), 'June 2020 Piz Daint at CSCS: 319424/56 = 5704 P100 = Phase 2 count', P100)
same(J('179393'), E('AIST ABCI 1.0'), 'June 2020 ABCI at AIST: 348160/80 = 4352 V100 SXM2 = ABCI 1.0', V100)
same(J('179567'), E('Lawrence Livermore NL Lassen Phase 2'), 'June 2020 Lassen at DOE/NNSA/LLNL: 253440/80 = 3168 V100 = Phase 2 count; Epoch cites system 179567', V100)
same(J('179689'), E('TotalEnergies Pangea III'), 'June 2020 PANGEA III at Total Exploration Production: 270720/80 = 3384 V100; Epoch cites 179689', V100)
same(J('179444'), E('Eni HPC4 Phase 1'), 'June 2020 HPC4 at Eni S.p.A.: 177520/56 = 3170 P100 = Phase 1; Epoch cites 179444', P100)
same(J('179691'), E('NVIDIA DGX SuperPOD 2019'), 'June 2020 DGX SuperPOD at NVIDIA (DGX-2H), Year 2019: 122880/80 = 1536 V100', V100)
same(J('179865'), E('NCI Australia Gadi'), 'June 2020 Gadi at NCI Australia: 51200/80 = 640 V100 SXM2', V100)
same(J('179590'), E('Taiwania 2'), 'June 2020 Taiwania 2 at NCHC Taiwan: 161280/80 = 2016 V100 SXM2', V100)
same(J('179781'), E('RPI AiMOS'), 'June 2020 AiMOS at RPI CCI: same name/owner, V100, 120000/80 = 1500 vs 1512', V100, approx=True)
same(J('179093'), E('GSIC TSUBAME 3.0'), 'June 2020 TSUBAME3.0 at GSIC Tokyo Tech: 120736/56 = 2156 P100', P100)
same(J('179803'), E('G42 Artemis'), 'June 2020 Artemis at Group 42: 103680/80 = 1296 V100 = G42 Artemis', V100)
same(J('179778'), E('SberCloud Christofari'), 'June 2020 Christofari at SberCloud: 96000/80 = 1200 V100', V100)
same(J('179603'), E('MIT LLSC TX-GAIA'), 'June 2020 TX-GAIA at MIT Lincoln Laboratory Supercomputing Center: same name/site, 884 vs 896 V100', V100, approx=True)
same(J('179692'), E('Jean Zay Supercomputer Phase 1'), 'June 2020 Jean Zay at CNRS/IDRIS-GENCI, Year 2019: 83520/80 = 1044 V100 = Phase 1', V100)
same(J('179854'), E('Petrobras Atlas'), 'June 2020 Atlas at Petroleo Brasileiro: 87040/80 = 1088 V100; Epoch cites 179854', V100)
same(J('179698'), E('Japanese Research Institute 1 Supercomputer 1'), 'June 2020 unnamed Apollo 6500 at Research Institute, Japan: 832 V100 SXM2; Epoch cites system 179698', V100)
same(J('179696'), E('SAKURA Internet 2019 V100 Supercomputer'), 'June 2020 unnamed system at SAKURA Internet: 768 V100 SXM2; Epoch cites 179696', V100)
same(J('178445'), E('US Government Supercomputer 1'), 'June 2020 unnamed CS-Storm at Government, Year 2014: 4160 K40; Epoch SC1 cites 178445', K40)
same(J('178519'), E('US Government Supercomputer 2'), 'June 2020 unnamed CS-Storm at Government, Year 2015: 4160 K40; Epoch SC2 cites 178519', K40)
same(J('179859'), E('Simon Fraser University/Compute Canada Cedar'), 'June 2020 Cedar (GPU) at SFU/Compute Canada: 768 V100; Epoch cites 179859', V100)
same(J('179068'), E('Meta 2017 P100 Cluster'), 'June 2020 unnamed DGX-1 at Facebook: 992 P100; Epoch Meta 2017 P100 Cluster cites 179068', P100)
same(J('178928'), E('NVIDIA SATURN V Phase 1'), 'June 2020 DGX Saturn V at NVIDIA, 2016: 992 P100 = SATURN V Phase 1, which cites 178928', P100)
same(J('178425'), E('Eni HPC2'), 'June 2020 HPC2 at Eni S.p.A.: 3000 K20X; Epoch cites 178425', K20X)
same(J('179681'), E('Petrobras Fênix Phase 2'), 'June 2020 Fenix at Petrobras: 57600/80 = 720 V100 = Phase 2 count; Epoch cites 179681', V100)
same(J('179564'), E('NVIDIA Circe'), 'June 2020 Circe at NVIDIA Corporation (DGX-2H POD): 46080/80 = 576 V100 SXM2 = Epoch NVIDIA Circe, which cites 179564', V100)

# ---------------------------------------------------------------- same: within Epoch
same(E('Paper on Megatron-Turing'), E('NVIDIA Selene Phase 2'), "Quote: trained on NVIDIA's Selene with 560 DGX A100 nodes x 8 = 4480 A100 = Selene Phase 2 count; Epoch flags it Possible Duplicate Of Selene Phase 2")
same(E('Paper on HyperCLOVA'), E('Naver DGX Superpod'), 'Quote: trained on the NVIDIA Superpod of NAVER (128 DGX, 1024 A100); owner NAVER both, Superpod 1120 A100; Epoch flags Possible Duplicate Of it')

same(E('Paper on BLOOM'), E('Jean Zay Supercomputer Phase 3'), 'Quote: 48 training + 4 spare nodes x 8 A100 80GB = 416 A100 = Jean Zay Phase 3 A100 partition (416); the BLOOM paper (Source 1) trained on Jean Zay')

# ---------------------------------------------------------------- different: Epoch vs TOP500 (hard negatives)
diff(N('179894'), E('FZJ JURECA'), 'same site (Juelich) but JURECA row is 768 A100 SXM4 40GB from 2021-06; JUWELS Booster is 3744 A100 from 2020')
diff(N('178718'), E('FZJ JURECA'), 'same name JURECA and owner, but TOP500 row is the 2015 cluster with NVIDIA Tesla K80 (4110 accel cores); Epoch row is the 2021 A100 system (768 A100 SXM4)')
diff(N('178718'), E('JUWELS-Booster'), 'same site FZJ, but JURECA 2015 K80 cluster vs JUWELS-Booster 3744 A100 2020')
diff(N('179393'), E('AIST ABCI 2.0'), 'same owner AIST, but ABCI 2.0 counts 960 A100 SXM4 added 2021-05; TOP500 Nov 2020 ABCI is 4352 V100 only (= ABCI 1.0)')
diff(N('179393'), E('AIST ABCI 3.0'), 'same owner AIST, but ABCI 3.0 is 6128 H200 operational 2025; TOP500 ABCI is 4352 V100 2018')
diff(N('179444'), E('Eni HPC4 Phase 2'), 'Epoch Phase 2 cites the same TOP500 page but counts 250 A100 added 2021-10; TOP500 HPC4 row is 3170 P100 (2018) = Phase 1')
diff(N('179444'), E('Eni HPC5'), 'same owner Eni and site, but HPC5 is 7280 V100 (2020) while HPC4 is P100 (2018)')
diff(N('179856'), E('Eni HPC4 Phase 1'), 'same owner Eni, but TOP500 HPC5 is 582400 V100 cores (7280 V100) vs HPC4 Phase 1 3170 P100')
diff(N('178425'), E('Eni HPC4 Phase 1'), 'same owner Eni, but HPC2 is K20X (2014) vs HPC4 Phase 1 3170 P100 (2018)')
diff(N('178928'), E('NVIDIA SATURN V Phase 2'), 'Epoch Phase 2 cites system 178928 but counts 5280 V100 from 2018; TOP500 DGX Saturn V row is 992 P100 DGX-1 (2016) = Phase 1')
diff(N('178928'), E('Meta 2017 P100 Cluster'), 'same 992 P100 count and 2016-17 era, but DGX Saturn V is NVIDIA Corporation; the Meta row cites a different TOP500 system (179068)')
diff(N('179068'), E('NVIDIA SATURN V Phase 1'), 'same 992 P100 DGX-1 shape, but TOP500 row is at Facebook; SATURN V Phase 1 is NVIDIA and cites system 178928')
diff(N('179691'), E('NVIDIA Circe'), 'both NVIDIA DGX-2H V100, but DGX SuperPOD is 1536 V100; Circe is 576 V100 and cites a different system (179564)')
diff(N('179691'), E('NVIDIA SATURN V Phase 2'), 'both NVIDIA V100, but DGX SuperPOD (DGX-2H, 1536 V100, 2019) vs SATURN V Phase 2 5280 V100 from 2018 (cites 178928)')
diff(N('179842'), E('NVIDIA DGX SuperPOD 2019'), 'same owner NVIDIA, but Selene is A100 (2020) and DGX SuperPOD 2019 is 1536 V100')
diff(N('179398'), E('Lawrence Livermore NL Lassen Phase 2'), 'same site LLNL and same AC922/V100 design, but Sierra is 17280 V100; Lassen is 3168 V100 and cites system 179567')
diff(N('179567'), E('Lawrence Livermore NL Sierra'), 'same site LLNL and same AC922/V100 design, but Lassen has 253440 accel cores (3168 GPUs) vs Sierra 17280 V100')
diff(N('179567'), E('Lawrence Livermore NL RZAdams'), 'same site LLNL, but RZAdams is 512 MI300A from 2024 (cites system 180284); Lassen is V100')
diff(N('177824'), E('Alps Supercomputer Phase 1'), 'same centre CSCS / ETH Domain, but Alps is 6400 GH200 from 2024; Piz Daint is P100 2017')
diff(N('179093'), E('GSIC TSUBAME 2.5'), 'same owner Tokyo Tech GSIC, but TSUBAME 2.5 is 4224 K20X (2014); TOP500 row is TSUBAME3.0 with P100')
diff(N('179692'), E('Jean Zay Supercomputer Phase 3'), 'same machine name/owner GENCI, but Phase 3 counts 416 A100 added 2022; TOP500 Nov 2020 Jean Zay is 1044 V100')
diff(N('179854'), E('Petrobras Fênix Phase 2'), 'same owner Petrobras, same V100 and 2020-06 date in Epoch, but Fenix cites system 179681 and has 720 GPUs; Atlas is 1088')
diff(N('179681'), E('Petrobras Atlas'), 'same owner Petrobras, both Bull 4029GP-TVRT V100, but Atlas has 1088 V100 and cites 179854; Fenix is 720')
diff(N('179854'), E('Petrobras Dragão'), 'same owner Petrobras, V100, but Dragao is 2176 V100 from 2021 and cites system 179941')
diff(N('179854'), E('SENAI CIMATEC Ogbon Cimatec/Petrobras'), 'Brazil, V100, Petrobras in the name, but owner SENAI CIMATEC, 312 V100 in Salvador, cites system 179703')
diff(N('179803'), E('Core42 SuperPOD'), 'same owner G42 (Group 42), but Core42 SuperPOD is 1272 H100 from 2024; Artemis is V100 2019')
diff(N('179778'), E('SberCloud Christofari Neo'), 'same owner SberCloud and name family, but Christofari Neo is 792 A100 80GB from 2021; TOP500 Christofari is 1200 V100')
diff(N('179781'), E('RPI AiMOSx NPL Cluster'), 'same owner RPI, but AiMOSx NPL note: 40 Xeon nodes x 8 V100 = 320; TOP500 AiMOS is IBM AC922 POWER9 with 1500 GPUs')
diff(N('179781'), E('RPI Supercomputer 2'), 'same owner RPI, V100, but Epoch row (608 V100, 2020) cites a different TOP500 system (179852)')
diff(N('179859'), E('Calcul Québec Béluga'), 'same owner Compute Canada, V100, but Beluga is 688 V100 in Montreal; Cedar is at Simon Fraser (Burnaby)')
diff(N('179859'), E('Calcul Québec Narval'), 'same owner Compute Canada, but Narval is 636 A100 in Montreal from 2021; Cedar is V100 at SFU')
diff(N('179696'), E("Sakura's H100s Phase 1"), 'same owner Sakura Internet, but 2016 H100 from 2024 in Ishikari; TOP500 row is 768 V100 (2019)')
diff(N('179698'), E('Japanese Research Institute 2 Supercomputer 1'), 'both anonymised Japanese research institutes, but Institute 2 is 624 A100 from 2022 and cites system 180083')
diff(N('179698'), E('"Center for Advanced Intelligence Project, RIKEN, RAIDEN"'), 'Japanese research institute with V100, but RAIDEN is 416 V100 and cites a different TOP500 system (179413)')
diff(N('179896'), E('Japanese Research Institute 1 Supercomputer 1'), 'both Japan V100 SXM2 ~1000 GPUs, but JAEA row has 1088 GPUs (2020, HPE SGI 8600); Institute 1 has 832 and cites 179698')
diff(N('179897'), E('University of Tsukuba Cygnus'), 'both Japanese university V100 systems, but Cygnus is 320 V100 (Tsukuba, cites 179688); Flow Type II is 884 at Nagoya')
diff(N('178445'), E('US Government Supercomputer 2'), 'identical CS-Storm K40 cells, but TOP500 Year 2014 and System ID 178445; Epoch SC2 is 2015-06 and cites 178519')
diff(N('178519'), E('US Government Supercomputer 1'), 'identical CS-Storm K40 cells, but TOP500 Year 2015 and System ID 178519; Epoch SC1 is 2014-11 and cites 178445')
diff(N('179885'), E('Saudi Aramco Tuwaiq-1'), 'same owner Saudi Aramco, but Tuwaiq-1 is 416 H100 from 2024 (cites 180260); Dammam-7 is V100')
diff(N('179877'), E('EuroHPC Leonardo'), "name clash: davinci-1 belongs to Leonardo SpA (Genoa, 320 A100); EuroHPC Leonardo is 13824 A100 in Bologna from 2022")
diff(N('179845'), E('EuroHPC Leonardo'), 'both hosted in Bologna (CINECA), but Marconi-100 is 3952 V100 (2020); Leonardo is 13824 A100 (2022)')

# TOP500 vs TOP500 within the same list
diff(N('178445'), N('178519'), 'two System IDs in the same list with identical cells (Government, CS-Storm, 62400 K40 cores, Rmax 3577) except Year 2014 vs 2015')
diff(N('179068'), N('178928'), 'same list, identical cores/Rmax (55552 P100 cores, 3307) but Site Facebook vs NVIDIA Corporation, distinct System IDs')
diff(N('179854'), N('179681'), 'same list, both Petroleo Brasileiro Bull 4029GP-TVRT V100, but 87040 vs 57600 accel cores and distinct System IDs')
diff(N('179398'), N('179567'), 'same list, both DOE/NNSA/LLNL AC922 V100, but 1382400 vs 253440 accel cores, distinct System IDs')

# June 2020 rows
diff(J('179564'), E('NVIDIA DGX SuperPOD 2019'), 'both NVIDIA DGX-2H V100, but June 2020 Circe has 46080/80 = 576 GPUs; DGX SuperPOD 2019 has 1536 (System 179691)')
diff(J('179564'), E('NVIDIA SATURN V Volta'), 'both NVIDIA V100, but SATURN V Volta is 264 V100 from 2017 citing system 179166; Circe is 576 V100 (179564)')

# ---------------------------------------------------------------- different: within Epoch
diff(E('Meta GenAI 2024a'), E('Meta GenAI 2024b'), 'identical cells (Meta AI, 24576 H100, 2024-03-12) but Epoch lists the two announced 24k clusters as a and b')
diff(E('Microsoft Azure Pioneer-WUS2'), E('Microsoft Azure Pioneer-EUS'), 'identical 1312 A100 2021-06 Microsoft cells, but Location Washington vs Virginia and distinct TOP500 systems 179967 vs 179969')
diff(E('Northern Data Group Taiga Cloud NO1 Island 1'), E('Northern Data Group Taiga Cloud NO1 Island 2'), 'identical cells and address, but Note: there are two 2,048 H100 islands at this location')
diff(E('SoftBank CHIE-2'), E('SoftBank CHIE-3'), 'identical 2040 H100 Softbank 2024-10-31 cells, but cite distinct TOP500 systems 180329 vs 180330')
diff(E('Lawrence Livermore NL El Capitan Phase 1'), E('Lawrence Livermore NL RZAdams'), 'identical 512 MI300A 2024-06-01 at LLNL, but cite distinct TOP500 systems 180283 vs 180284')
diff(E('US Government Supercomputer 1'), E('US Government Supercomputer 2'), 'identical 4160 K40c cells, but 2014-11 vs 2015-06 and distinct TOP500 systems 178445 vs 178519')
diff(E('Yandex Lyapunov'), E('Yandex Chervonenkis'), 'same owner Yandex and same Sasovo address, but 1096 A100 40GB vs 1592 A100 80GB: two named machines')
diff(E('Tesla Training Cluster'), E('Tesla A100 Cluster Phase 1'), 'Tesla A100 both, but the Training Cluster quote: besides the previously mentioned 5670 [sic] GPU system Tesla has a second 4032-GPU system')
diff(E('Tesla Auto-Labeling Cluster'), E('Tesla Training Cluster'), 'same owner Tesla, same 2021-08-20 source, but 1752 (auto-labeling) vs 4032 (training) GPUs, named as separate systems in the quote')
diff(E('Microsoft Azure Immunity Bio'), E('Immunity Bio Cluster'), 'same date 2020-04-01 and V100, but quote: ImmunityBio has deployed its own 320-GPU cluster, separate from the 1250-V100 Azure cluster')
diff(E('Petrobras Atlas'), E('Petrobras Fênix Phase 2'), 'same owner Petrobras, V100, 2020-06-01, Rio, but 1088 vs 720 GPUs and cite distinct TOP500 systems 179854 vs 179681')
diff(E('Calcul Québec Béluga'), E('Calcul Québec Narval'), 'same owner and same Montreal address, but Beluga 688 V100 (2019) vs Narval 636 A100 (2021)')
diff(E('Samsung SSC-21'), E('Samsung SSC-21 Scalable Module'), 'same name stem, owner, date; but 1760 vs 144 A100 and Note: This is different than Samsung SSC-21')
diff(E('Lawrence Livermore NL Sierra'), E('Lawrence Livermore NL Lassen Phase 2'), 'same owner and LLNL site, V100, but 17280 vs 3168 GPUs; Lassen cites its own TOP500 system 179567')
diff(E('Eni HPC4 Phase 1'), E('Eni HPC4 Phase 2'), 'phases of HPC4 that are distinct hardware: Phase 1 3170 P100 (2018), Phase 2 counts 250 A100 added 2021')
diff(E('AIST ABCI 1.0'), E('AIST ABCI 2.0'), 'successive ABCI generations with disjoint GPU sets: 4352 V100 (2018) vs 960 A100 (2021); Superseded by link')
diff(E('Jean Zay Supercomputer Phase 2'), E('Jean Zay Supercomputer Phase 3'), 'Jean Zay phases with distinct GPU partitions: Phase 2 2696 V100 vs Phase 3 416 A100 (2022)')
diff(E('NVIDIA SATURN V Phase 1'), E('NVIDIA SATURN V Phase 2'), 'SATURN V phases with different hardware: 992 P100 (2016, TOP500 178928) vs 5280 V100 (2018)')
diff(E('Meta 2017 P100 Cluster'), E('NVIDIA SATURN V Phase 1'), 'identical 992 P100 counts, but owners Meta AI vs NVIDIA and cite different TOP500 systems 179068 vs 178928')
diff(E('NVIDIA Circe'), E('NVIDIA DGX SuperPOD 2019'), 'same owner NVIDIA, V100, but 576 vs 1536 GPUs and Circe cites TOP500 system 179564 (the SuperPOD is 179691)')

# ---------------------------------------------------------------- different: anonymised Chinese systems (cells differ)
for a, b in [(537, 538), (540, 541), (547, 549), (598, 631), (595, 600), (270, 357), (116, 168), (165, 182),
             (215, 274), (136, 317)]:
    ra, rb = epoch[a - 1], epoch[b - 1]
    cols = ['Status', 'Chip quantity (primary)', 'First Operational Date', 'Sector', 'Location']
    d = []
    for c in cols:
        if ra[c] != rb[c]:
            va = ra[c].replace('\n', ' ')[:20] or 'blank'
            vb = rb[c].replace('\n', ' ')[:20] or 'blank'
            if c == 'Chip quantity (primary)':
                c = 'chips'
            d.append(f'{c} {va} vs {vb}')
    assert d, (a, b)
    assert not ra['Possible Duplicate'] and not rb['Possible Duplicate'], (a, b)
    diff(A(a), A(b), 'two anonymised Chinese systems, distinct Epoch rows whose cells conflict: ' + '; '.join(d))

# ---------------------------------------------------------------- uncertain (not in the labelled set)
unsure(N('179842'), E('NVIDIA Selene Phase 1'), 'same machine but the Nov 2020 row (4480 A100) is the expanded Phase 2; whether Phase 1 is a duplicate of it depends on how phases are modelled')
unsure(N('179567'), E('Lawrence Livermore NL Lassen Phase 1'), 'Phase 1 (2736 V100) is the earlier state of the machine the TOP500 row (3168) lists; both Epoch phases cite system 179567')
unsure(N('177824'), E('CSCS Piz Daint Phase 1'), 'Phase 1 (3040 P100, 2016) is the earlier state of Piz Daint; TOP500 lists the 5704-GPU Phase 2')
unsure(N('179681'), E('Petrobras Fênix Phase 1'), 'Phase 1 (576 V100) cites the same TOP500 system 179681, which lists 720 GPUs (Phase 2)')
unsure(N('179692'), E('Jean Zay Supercomputer Phase 2'), 'Phase 2 (2696 V100, 2020-06) extends the 1044-V100 machine that TOP500 lists; a grown machine, not clearly a distinct cluster')
unsure(N('179901'), E('AIRAWAT-PSAI Phase 2'), 'AIRAWAT (656 A100, 2023) builds on PARAM Siddhi-AI (336); may contain the TOP500 machine')
unsure(E('NVIDIA Selene Phase 1'), E('NVIDIA Selene Phase 2'), 'Phase 2 (4480) contains Phase 1 (2240): same physical machine grown, but two deliberate Epoch records linked by Builds Upon')
unsure(E('Lawrence Livermore NL Lassen Phase 1'), E('Lawrence Livermore NL Lassen Phase 2'), 'expansion of one machine (2736 -> 3168 V100); same hardware kept, phases deliberately separate')
unsure(E('CSCS Piz Daint Phase 1'), E('CSCS Piz Daint Phase 2'), 'expansion of one machine (3040 -> 5704 P100)')
unsure(E('Jean Zay Supercomputer Phase 1'), E('Jean Zay Supercomputer Phase 2'), 'Phase 2 note 261*4+31*8+351*4 includes Phase 1 261*4 = 1044 GPUs: grown machine')
unsure(E('JAMSTEC ZettaScaler-2.0 Gyoukou'), E('JAMSTEC ZettaScaler-2.2 Gyoukou'), 'both cite TOP500 system 179102; 1600 -> 10000 PEZY-SC2 upgrade of one machine')
unsure(E('NVIDIA SATURN V Volta'), E('NVIDIA SATURN V Phase 2'), '264 V100 (2017-11) may be part of the 5280-V100 Phase 2 (2018-03); cells do not say')
unsure(N('177999'), A(764), 'Tianhe-2A (Matrix-2000, 2018) vs anonymised Public system ~50000 chips from 2013-07 (Tianhe-2 era); anonymised cells too coarse')
unsure(N('179593'), A(465), 'Sugon DCU system (2018) vs anonymised Public 400-chip system from 2018-03; anonymised cells too coarse')
unsure(N('179603'), E('MIT Supercloud'), 'MIT Supercloud (488 V100, 50 Water St Holyoke) shares the TX-GAIA site; could be a partition of TX-GAIA')
unsure(E('Nemotron-3-8B training cluster'), E('NVIDIA Selene Phase 2'), 'Epoch flags it; quote gives 1024 A100 but does not name Selene')
unsure(E('Paper on Megatron-LM'), E('NVIDIA Circe'), 'Epoch flags it; 512 V100 DGXS 32GB could be Circe or DGX SuperPOD 2019')
unsure(E('Paper on LLaMA'), E('Meta Research SuperCluster (RSC-1) Phase 1'), 'Epoch flags it; quote gives 2048 A100-80GB, does not name RSC')
unsure(E('Paper on OPT'), E('Meta Research SuperCluster (RSC-1) Phase 1'), 'Epoch flags it; quote gives 992 A100 80GB only, cluster not named')
unsure(E('Microsoft Azure MLPerf 3.1 Submission'), E('Microsoft Azure Eagle'), 'Epoch flags Eagle, but its own Note says likely CoreWeave Eos-DFW Phase 1')
unsure(E('Paper on Llama 3.1'), E('Meta GenAI 2024a'), 'Epoch flags both GenAI 2024a and 2024b; which 24k cluster is unknown')
unsure(E('NVIDIA MLPerf v4.0 Submission 2024'), E('NVIDIA CoreWeave Eos-DFW Phase 1'), '11616 H100 > 10752; Note says possibly an expansion')
unsure(E('Paper on Stable LM'), E('Ezra-1 Stability AI AWS Cluster'), 'quote: Stability AI cluster on AWS P4d (512 A100 40GB); Ezra-1 is Stability AWS 4000 A100; likely a subset but not certain')
unsure(A(76), A(184), 'anonymised rows 10000 chips, Private, differing only by operational date 2024-11-15 vs 2025-01-15: could be one system dated twice')
unsure(A(472), A(473), 'anonymised rows alike in every compared cell (1000 chips, 2018-11-15, Private): cannot tell one system from two')
unsure(A(556), A(557), 'anonymised rows alike (600 chips, 2019-07-15, Private) and both flagged Possible Duplicate: undecidable from cells')

# ---------------------------------------------------------------- sanity + split
seen = set()
for l, r, lab, why in PAIRS:
    k = frozenset([(l[0], l[2]), (r[0], r[2])])
    assert k not in seen, (l, r)
    seen.add(k)
    assert '\t' not in why and '\n' not in why
    for x in (l, r):
        if x[0] == 'epoch':
            assert epoch[x[2] - 1]['Status'] != 'Decommissioned', x
for l, r, lab, why in UNCERTAIN:
    assert frozenset([(l[0], l[2]), (r[0], r[2])]) not in seen, (l, r)


def norm(x):
    # TOP500 rows of both editions with one System ID become one record (top500-{System ID})
    return ('top500', x[1]) if x[0].startswith('top500') else ('epoch', x[2])


groups = {}
for p in PAIRS:
    g = frozenset([norm(p[0]), norm(p[1])])
    groups.setdefault(g, []).append(p)

rng = random.Random(33)
dev, test = [], []
for label in ('same', 'different'):
    gl = [g for g in sorted(groups, key=lambda g: sorted(map(str, g))) if groups[g][0][2] == label]
    rng.shuffle(gl)
    total = sum(len(groups[g]) for g in gl)
    n_dev = 0
    for g in gl:
        if n_dev + len(groups[g]) <= round(total * 0.6) or n_dev == 0:
            dev.extend(groups[g])
            n_dev += len(groups[g])
        else:
            test.extend(groups[g])

HEADER = ['left_source', 'left_key', 'left_row', 'right_source', 'right_key', 'right_row', 'label', 'why']


def write(name, pairs):
    with open(os.path.join(HERE, name), 'w', encoding='utf-8', newline='') as f:
        f.write('\t'.join(HEADER) + '\n')
        for l, r, lab, why in pairs:
            cells = [l[0], l[1], str(l[2]), r[0], r[1], str(r[2]), lab, why]
            assert not any(('\t' in c or '\n' in c) for c in cells), cells
            f.write('\t'.join(cells) + '\n')


write('pairs_dev.tsv', dev)
write('pairs_test.tsv', test)
write('uncertain.tsv', UNCERTAIN)
for name, ps in (('all', PAIRS), ('dev', dev), ('test', test)):
    s = sum(1 for p in ps if p[2] == 'same')
    print(f'{name}: {len(ps)} pairs, same {s}, different {len(ps) - s}')
print('uncertain:', len(UNCERTAIN))
