// `gpuwise guide <topic>`: the topic as typed, or the nearest one to suggest — `guide pytorh`,
// `guide torch` and `guide tf` are typos and nicknames with one obvious meaning.

import { GUIDE_TOPICS, type GuideTopic } from '../../doctor/guide/types.js';

/** Names people use for a topic that are not its name. */
const NICKNAMES: Readonly<Record<string, GuideTopic>> = {
  torch: 'pytorch', tf: 'tensorflow', nvidia: 'driver', drivers: 'driver', 'nvidia-driver': 'driver', toolkit: 'cuda',
  'cuda-toolkit': 'cuda', cudnn9: 'cudnn', amd: 'rocm', hip: 'rocm', container: 'docker', containers: 'docker', check: 'verify',
};

/** Edit distance, a swap of neighbours counting as one edit (pytroch → pytorch: 1). */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The topic `typed` most likely meant, or null when none is near. */
export function nearGuideTopic(typed: string): GuideTopic | null {
  const word = typed.trim().toLowerCase();
  // Long input is no typo of a short name (and keeps the distance table small).
  if (word === '' || word.length > 40) return null;
  const nickname = NICKNAMES[word];
  if (nickname) return nickname;
  const near = GUIDE_TOPICS.map((topic) => ({ topic, distance: editDistance(word, topic) }))
    .filter(({ topic, distance }) => distance <= Math.max(1, Math.floor(topic.length / 3)))
    .sort((a, b) => a.distance - b.distance || Number(b.topic.startsWith(word)) - Number(a.topic.startsWith(word)))[0];
  if (near) return near.topic;
  // A start of one topic only ("tensor", "py").
  const starts = word.length >= 2 ? GUIDE_TOPICS.filter((topic) => topic.startsWith(word)) : [];
  return starts.length === 1 ? starts[0]! : null;
}
