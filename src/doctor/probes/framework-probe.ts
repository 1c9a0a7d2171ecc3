// The one probe script run inside each Python interpreter (`python -c`). It never imports a
// framework that is not installed (find_spec first), turns every failure into data, keeps the
// frameworks' own chatter off stdout, and prints one marked JSON line at the end. Python ≥ 3.6.

export const PROBE_MARKER = 'GPUWISE_PROBE_JSON:';

export const FRAMEWORK_PROBE_SCRIPT = String.raw`
import contextlib, importlib, importlib.util, json, os, platform, sys, warnings

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")


def err(e):
    return ("%s: %s" % (type(e).__name__, e))[:600]


def installed(name):
    try:
        return importlib.util.find_spec(name) is not None
    except Exception:
        return False


def probe_torch():
    if not installed("torch"):
        return {"installed": False}
    r = {"installed": True}
    try:
        import torch
    except Exception as e:
        r["importError"] = err(e)
        return r
    r["version"] = str(torch.__version__)
    r["cudaBuild"] = getattr(torch.version, "cuda", None)
    r["hipBuild"] = getattr(torch.version, "hip", None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            r["cudnnVersion"] = torch.backends.cudnn.version()
        except Exception as e:
            r["cudnnVersion"] = None
        try:
            r["archList"] = list(torch.cuda.get_arch_list())
        except Exception:
            r["archList"] = []
        try:
            available = bool(torch.cuda.is_available())
            r["gpuAvailable"] = available
            count = torch.cuda.device_count() if available else 0
            r["deviceCount"] = count
            devices = []
            for i in range(count):
                p = torch.cuda.get_device_properties(i)
                devices.append({"name": p.name, "computeCapability": "%d.%d" % (p.major, p.minor),
                                "memoryTotalBytes": int(p.total_memory)})
            r["devices"] = devices
            if available:
                try:
                    (torch.ones(2, device="cuda") * 2).sum().item()
                    r["kernelTest"] = "ok"
                except Exception as e:
                    r["kernelTest"] = err(e)
            elif r["cudaBuild"]:
                try:
                    torch.cuda.init()
                except Exception as e:
                    r["initError"] = err(e)
        except Exception as e:
            r["gpuAvailable"] = False
            r["initError"] = err(e)
    r["warnings"] = [str(w.message)[:400] for w in caught][:5]
    return r


def probe_tensorflow():
    if not installed("tensorflow"):
        return {"installed": False}
    r = {"installed": True}
    try:
        import tensorflow as tf
    except Exception as e:
        r["importError"] = err(e)
        return r
    r["version"] = str(tf.__version__)
    try:
        info = dict(tf.sysconfig.get_build_info())
        r["cudaBuild"] = info.get("cuda_version") if info.get("is_cuda_build") else None
        r["cudnnBuild"] = info.get("cudnn_version") if info.get("is_cuda_build") else None
        r["archList"] = list(info.get("cuda_compute_capabilities") or [])
    except Exception as e:
        r["buildInfoError"] = err(e)
    try:
        gpus = tf.config.list_physical_devices("GPU")
        r["gpuAvailable"] = len(gpus) > 0
        r["deviceCount"] = len(gpus)
        devices = []
        for g in gpus:
            d = {"name": g.name, "computeCapability": None}
            try:
                details = tf.config.experimental.get_device_details(g)
                d["name"] = details.get("device_name", g.name)
                cc = details.get("compute_capability")
                if cc:
                    d["computeCapability"] = "%d.%d" % tuple(cc)
            except Exception:
                pass
            devices.append(d)
        r["devices"] = devices
    except Exception as e:
        r["gpuAvailable"] = False
        r["initError"] = err(e)
    return r


def probe_jax():
    if not installed("jax"):
        return {"installed": False}
    r = {"installed": True}
    try:
        import jax
    except Exception as e:
        r["importError"] = err(e)
        return r
    r["version"] = str(jax.__version__)
    try:
        import jaxlib
        r["jaxlibVersion"] = str(jaxlib.__version__)
    except Exception:
        r["jaxlibVersion"] = None
    try:
        from importlib import metadata
        names = set()
        for dist in metadata.distributions():
            name = (dist.metadata["Name"] or "").lower().replace("_", "-")
            if name.startswith("jax-cuda") and "plugin" in name:
                names.add(name)
        r["cudaPlugins"] = sorted(names)
    except Exception:
        r["cudaPlugins"] = []
    try:
        devices = jax.devices()
        r["backend"] = jax.default_backend()
        r["devices"] = [{"name": getattr(d, "device_kind", str(d)), "platform": d.platform,
                         "computeCapability": getattr(d, "compute_capability", None)} for d in devices]
        gpus = [d for d in devices if d.platform in ("gpu", "cuda")]
        r["gpuAvailable"] = len(gpus) > 0
        r["deviceCount"] = len(gpus)
    except Exception as e:
        r["gpuAvailable"] = False
        r["initError"] = err(e)
    return r


result = {"python": {"version": platform.python_version(), "executable": sys.executable, "prefix": sys.prefix,
                     "platform": sys.platform}}
for key, probe in (("torch", probe_torch), ("tensorflow", probe_tensorflow), ("jax", probe_jax)):
    try:
        with contextlib.redirect_stdout(sys.stderr):
            result[key] = probe()
    except BaseException as e:
        result[key] = {"installed": True, "probeError": err(e)}
sys.stdout.write("${PROBE_MARKER}" + json.dumps(result) + "\n")
sys.stdout.flush()
`;
