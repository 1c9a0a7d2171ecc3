/*
 * The NVML_FI_* field ids the fake models (nvml.h's numbers), shared by the loader (names in
 * scenario rules) and nvmlDeviceGetFieldValues. Any other id answers NOT_SUPPORTED.
 */
#ifndef FAKE_NVML_FIELD_IDS_H
#define FAKE_NVML_FIELD_IDS_H

enum {
    FI_ECC_CURRENT = 1, /* ECC mode now and after the next reboot: 1 on, 0 off */
    FI_ECC_PENDING = 2,
    FI_ECC_SBE_VOL_TOTAL = 3, /* ..6: nvmlDeviceGetTotalEccErrors' four totals (corrected = single-bit) */
    FI_ECC_DBE_VOL_TOTAL = 4,
    FI_ECC_SBE_AGG_TOTAL = 5,
    FI_ECC_DBE_AGG_TOTAL = 6,
    FI_PERF_POLICY_POWER = 74, /* ..79: the violation counters of nvmlDeviceGetViolationStatus, ns */
    FI_PERF_POLICY_RELIABILITY = 79,
    FI_MEMORY_TEMP = 82,
    FI_TOTAL_ENERGY_CONSUMPTION = 83,
    FI_NVLINK_LINK_COUNT = 91,
    FI_NVLINK_THROUGHPUT_DATA_TX = 138, /* KiB; scopeId = link id, UINT_MAX = all links */
    FI_NVLINK_THROUGHPUT_DATA_RX = 139,
    FI_POWER_AVERAGE = 185,
    FI_POWER_INSTANT = 186,
    FI_POWER_MIN_LIMIT = 187,
    FI_POWER_MAX_LIMIT = 188,
    FI_POWER_DEFAULT_LIMIT = 189,
    FI_POWER_CURRENT_LIMIT = 190,
    FI_ENERGY = 191,
    FI_PCIE_COUNT_TX_BYTES = 197,
    FI_PCIE_COUNT_RX_BYTES = 198
};

typedef struct {
    unsigned id;
    const char *name;
} field_name;

/* The modelled fields by their nvml.h names, terminated by a NULL name. */
extern const field_name fake_field_names[];

#endif
