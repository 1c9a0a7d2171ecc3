// `doctor --from FILE`: the doctor on a pasted machine (src/doctor/from) — what was read, and the
// verdicts only a paste needs (TensorFlow known from its build info alone).

import { defineMessages } from '../define.js';

export default defineMessages(
  {
    'doctor.from.option': 'check a machine known only from pasted output instead of this one: PyTorch’s python -m torch.utils.collect_env, TensorFlow’s tf.sysconfig.get_build_info(), or any GPU listing info --from reads (a file, or - for standard input)',
    'doctor.from.readFrom': 'Checked from {source} ({kinds}), not this machine: only what the paste states is judged; the rest of the stack is not checked.',
    'doctor.from.tfBuildNoDriver': 'TensorFlow in {python} is built for CUDA {cuda} and cuDNN {cudnn}: it needs a driver that supports CUDA {cuda}; the paste shows no driver.',
    'doctor.from.tfBuildOnly': 'TensorFlow in {python} is built for CUDA {cuda} and cuDNN {cudnn}, which driver {driver} can run; the paste does not say whether it sees the GPU (tf.config.list_physical_devices("GPU")).',
    'doctor.from.tfDriverTooOld': 'TensorFlow in {python} is built for CUDA {cuda}, which driver {driver} is too old to run.',
  },
  {
    'doctor.from.option': '检查一台仅凭粘贴输出了解的机器，而不是本机：PyTorch 的 python -m torch.utils.collect_env、TensorFlow 的 tf.sysconfig.get_build_info()，或 info --from 能读取的任何 GPU 列表（一个文件，或用 - 表示标准输入）',
    'doctor.from.readFrom': '依据 {source}（{kinds}）检查，而非本机：只评判粘贴内容中写明的部分，其余各层未作检查。',
    'doctor.from.tfBuildNoDriver': '{python} 中的 TensorFlow 针对 CUDA {cuda} 和 cuDNN {cudnn} 构建：需要支持 CUDA {cuda} 的驱动；粘贴内容中没有驱动信息。',
    'doctor.from.tfBuildOnly': '{python} 中的 TensorFlow 针对 CUDA {cuda} 和 cuDNN {cudnn} 构建，驱动 {driver} 可以运行；粘贴内容未说明它是否能看到 GPU（tf.config.list_physical_devices("GPU")）。',
    'doctor.from.tfDriverTooOld': '{python} 中的 TensorFlow 针对 CUDA {cuda} 构建，驱动 {driver} 版本过旧，无法运行。',
  },
);
