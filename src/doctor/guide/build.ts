// buildGuide(topic, report): one topic's steps for this machine, from a doctor report.

import type { DoctorReport } from '../report/report.js';
import { guideContext, type GuideContext } from './context.js';
import { jaxGuide, pytorchGuide, tensorflowGuide, verifyGuide } from './framework-topics.js';
import { cudaGuide, cudnnGuide, dockerGuide, driverGuide } from './system-topics.js';
import { mirrorStep, type MirrorRegion } from './mirrors.js';
import { rocmGuide } from './rocm.js';
import type { Guide, GuideTopic } from './types.js';
import type { Message } from '../types.js';

export interface BuildGuideOptions {
  /** Add the mirror step for this region (`--mirror cn`, or a zh-CN locale). */
  mirror?: MirrorRegion | null;
  /** Notes shown before the steps (a guide for a target machine says it was not checked here). */
  notes?: Message[];
  /** The report is of another machine (`guide --for`), not of this one. */
  elsewhere?: boolean;
}

// The step a mirror must come before: the install that downloads.
const INSTALL_STEPS = ['doctor.guide.step.installDriver', 'doctor.guide.step.installToolkit', 'doctor.guide.step.installCudnn', 'doctor.guide.step.installTorch', 'doctor.guide.step.installTf', 'doctor.guide.step.installJax', 'doctor.guide.step.containerToolkit'];

export function buildGuide(topic: GuideTopic, report: DoctorReport, options: BuildGuideOptions = {}): Guide {
  const ctx = guideContext(report, options.elsewhere === true);
  const guide = topicGuide(topic, ctx);
  if (options.notes?.length) guide.notes = [...options.notes, ...(guide.notes ?? [])];
  const mirror = options.mirror ? mirrorStep(ctx, topic, guide.steps) : null;
  if (mirror) {
    const at = guide.steps.findIndex((s) => INSTALL_STEPS.includes(s.title.key));
    guide.steps.splice(at < 0 ? guide.steps.length : at, 0, mirror);
  }
  return guide;
}

function topicGuide(topic: GuideTopic, ctx: GuideContext): Guide {
  switch (topic) {
    case 'driver':
      return driverGuide(ctx);
    case 'cuda':
      return cudaGuide(ctx);
    case 'cudnn':
      return cudnnGuide(ctx);
    case 'pytorch':
      return pytorchGuide(ctx);
    case 'tensorflow':
      return tensorflowGuide(ctx);
    case 'jax':
      return jaxGuide(ctx);
    case 'docker':
      return dockerGuide(ctx);
    case 'rocm':
      return rocmGuide(ctx);
    case 'verify':
      return verifyGuide(ctx, [driverGuide(ctx), cudaGuide(ctx), pytorchGuide(ctx), tensorflowGuide(ctx), jaxGuide(ctx), dockerGuide(ctx)]);
  }
}
