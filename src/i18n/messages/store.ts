// The history store (SQLite): opening, migrations, retention, integrity.
import { defineMessages } from '../define.js';

export default defineMessages(
  {
    'store.error.notDatabase':
      '{path} is not an SQLite database (or it is damaged at its start). gpuwise leaves it alone: move it aside, or record into another file with --db.',
    'store.error.foreignDatabase':
      '{path} is an SQLite database, but not a gpuwise history (it holds other tables). gpuwise does not write into it: choose another file with --db.',
    'store.error.newerSchema':
      '{path} was written by a newer gpuwise (history schema {found}; this version knows up to {known}). Upgrade gpuwise, or record into another file with --db.',
    'store.error.readOnly':
      'Cannot write to {path}: the file or its folder is read-only ({detail}). Check its permissions, or choose a writable place with --db.',
    'store.error.diskFull':
      'The disk that holds {path} is full, so the newest samples were not saved ({detail}). Free some space or lower the history’s size bound; recording resumes by itself.',
    'store.error.corrupt':
      '{path} is damaged ({detail}). Move it aside (gpuwise then starts a new history), or try to save what is left with `sqlite3 {path} .recover`.',
    'store.error.cannotOpen':
      'Cannot open {path} ({detail}). Check that its folder exists and that you may write there, or choose another file with --db.',
    'store.error.busy':
      '{path} is locked by another program (another `gpuwise serve`?) ({detail}). Stop that one, or record into another file with --db.',
    'store.error.locked':
      'Another gpuwise (PID {pid} on {host}) is recording into {path}. Stop it, record into another file with --db, or serve live data only with --no-record. If no such process runs, delete {lockPath}.',
    'store.error.lockedElsewhere':
      'A gpuwise on another host ({host}, PID {pid}) is recording into {path}: its lock {lockPath} was refreshed {minutesAgo} min ago. A lock left {staleMinutes} min without a refresh is taken over by itself (its recorder crashed, or ran in a container since recreated: Docker names each container anew). If no gpuwise on {host} records into this file, delete {lockPath} to start now; otherwise stop that one, or record into another file with --db.',
    'store.error.lockLost':
      'Another gpuwise (PID {pid} on {host}) has taken over recording into {path}: this one had not refreshed its lock {lockPath} for {staleMinutes} min (was it paused, or its disk hung?). This one no longer writes, so that the two do not record twice; stop one of them.',
    'store.error.fileGone':
      'The history file {path} was deleted or replaced while gpuwise was recording into it, so new samples have nowhere to go: they are kept for a while, then lost. If it was moved, move it back and recording goes on; otherwise restart serve to start a new history there.',
    'store.error.notAFile':
      '{path} is not a regular file (a device, a folder, a pipe?): a history is a database file of its own. Give the path of a file with --db; it is created when missing.',
    'store.error.io': 'Reading or writing {path} failed ({detail}). Check the disk, or record into another file with --db.',
    'store.error.closed': 'The history database {path} is already closed.',
    'store.error.unknownMetric': 'The history has no metric “{metric}” for {device}. Known metrics: {known}.',
    'store.error.badQuery':
      'A history query needs a start at or before its end and at least one point; got from={from}, to={to}, points={points}.',
    'store.recorder.writeFailed':
      'Samples could not be written to the history ({detail}); {pending} are kept to retry, {dropped} dropped so far. Sampling goes on.',
  },
  {
    'store.error.notDatabase':
      '{path} 不是 SQLite 数据库（或文件开头已损坏）。gpuwise 不会改动它：请把它移走，或用 --db 指定另一个文件来记录。',
    'store.error.foreignDatabase':
      '{path} 是 SQLite 数据库，但不是 gpuwise 的历史库（里面有别的表）。gpuwise 不会写入它：请用 --db 指定另一个文件。',
    'store.error.newerSchema':
      '{path} 由更新版本的 gpuwise 写入（历史库结构版本 {found}；本版本最高只认识 {known}）。请升级 gpuwise，或用 --db 指定另一个文件来记录。',
    'store.error.readOnly':
      '无法写入 {path}：文件或其所在目录是只读的（{detail}）。请检查权限，或用 --db 指定一个可写的位置。',
    'store.error.diskFull':
      '{path} 所在的磁盘已满，最新的采样没有保存（{detail}）。请腾出空间或调低历史库的大小上限；空间恢复后会自动继续记录。',
    'store.error.corrupt':
      '{path} 已损坏（{detail}）。请把它移走（gpuwise 会新建历史库），或用 `sqlite3 {path} .recover` 尝试找回剩余数据。',
    'store.error.cannotOpen':
      '无法打开 {path}（{detail}）。请确认其所在目录存在且你有写权限，或用 --db 指定另一个文件。',
    'store.error.busy':
      '{path} 被另一个程序锁住了（另一个 `gpuwise serve`？）（{detail}）。请停掉它，或用 --db 指定另一个文件来记录。',
    'store.error.locked':
      '另一个 gpuwise（{host} 上的 PID {pid}）正在向 {path} 记录。请停掉它，或用 --db 指定另一个文件来记录，或用 --no-record 只提供实时数据。如果并没有这样的进程在运行，请删除 {lockPath}。',
    'store.error.lockedElsewhere':
      '另一台主机上的 gpuwise（{host}，PID {pid}）正在向 {path} 记录：它的锁 {lockPath} 在 {minutesAgo} 分钟前刷新过。锁超过 {staleMinutes} 分钟未刷新时会被自动接管（其记录进程已崩溃，或运行在已被重建的容器里：Docker 每次都给容器起新的主机名）。如果 {host} 上并没有 gpuwise 在向此文件记录，删除 {lockPath} 即可立即开始；否则请停掉那一个，或用 --db 指定另一个文件来记录。',
    'store.error.lockLost':
      '另一个 gpuwise（{host} 上的 PID {pid}）已接管向 {path} 的记录：本进程已有 {staleMinutes} 分钟没有刷新它的锁 {lockPath}（是被暂停了，还是磁盘卡住了？）。为避免两份重复记录，本进程不再写入；请停掉其中一个。',
    'store.error.fileGone':
      '历史文件 {path} 在 gpuwise 记录期间被删除或替换了，新的采样无处可写：它们会暂存一段时间，之后丢失。如果文件只是被移走，移回原处即可继续记录；否则请重启 serve，在原位置新建历史库。',
    'store.error.notAFile':
      '{path} 不是普通文件（设备、目录还是管道？）：历史库需要一个单独的数据库文件。请用 --db 给出一个文件路径；文件不存在时会自动创建。',
    'store.error.io': '读写 {path} 失败（{detail}）。请检查磁盘，或用 --db 指定另一个文件来记录。',
    'store.error.closed': '历史库 {path} 已经关闭。',
    'store.error.unknownMetric': '{device} 的历史里没有指标“{metric}”。已知指标：{known}。',
    'store.error.badQuery': '历史查询要求起点不晚于终点、且至少一个点；收到 from={from}，to={to}，points={points}。',
    'store.recorder.writeFailed':
      '采样无法写入历史库（{detail}）；{pending} 个留待重试，至今已丢弃 {dropped} 个。采样仍在继续。',
  },
);
