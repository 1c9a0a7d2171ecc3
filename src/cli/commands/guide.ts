// `gpuwise guide [topic]`: install steps for driver | cuda | cudnn | pytorch | tensorflow | jax |
// docker | rocm | verify, tailored to this machine by a doctor run — or, with --for, to a target
// machine (not checked here). Exit 0 (it is advice, not a check); 2 for bad usage.

import { InvalidArgumentError, Option, type Command } from 'commander';
import { GUIDE_TOPICS, parseGuideTopic, type GuideTopic } from '../../doctor/guide/types.js';
import type { CliContext } from '../context.js';
import { timeoutOption } from './doctor.js';
import type { GuideOptions } from './guide-run.js';
import { nearGuideTopic } from './guide-topic.js';

// Values to type, so in backticks (the zh-CN help keeps them verbatim).
const TARGET_EXAMPLES = '`ubuntu-22.04`, `debian-12`, `rhel-9`, `windows-11`, `wsl2-ubuntu-22.04` …';

export function register(program: Command, cli: CliContext): void {
  const topics = GUIDE_TOPICS.join(' | ');
  program
    .command('guide')
    .description(cli.t('doctor.guideCli.description'))
    // Topics in any case: `guide PyTorch` is `guide pytorch`.
    .argument('[topic]', cli.t('doctor.guideCli.argument.topic', { topics }), (value: string): GuideTopic => {
      const topic = parseGuideTopic(value);
      if (topic) return topic;
      const near = nearGuideTopic(value);
      throw new InvalidArgumentError(near ? cli.t('guide.cli.badTopicNear', { topic: near, topics }) : cli.t('doctor.guideCli.badTopic', { topics }));
    }, 'verify')
    .option('--json', cli.t('doctor.cli.option.json'))
    .addOption(timeoutOption(cli.t))
    .option('--for <os>', cli.t('guide.cli.option.for', { examples: TARGET_EXAMPLES }))
    .option('--gpu <name>', cli.t('guide.cli.option.gpu'))
    .addOption(
      new Option('--mirror <region>', cli.t('guide.cli.option.mirror')).argParser((value: string) => {
        const region = value.trim().toLowerCase();
        if (region !== 'cn' && region !== 'none') throw new InvalidArgumentError(cli.t('guide.cli.badMirror', { value }));
        return region;
      }),
    )
    .action(async (topic: GuideTopic, options: GuideOptions) => {
      const { runGuide } = await import('./guide-run.js');
      process.exitCode = await runGuide(cli, topic, options);
    });
}
