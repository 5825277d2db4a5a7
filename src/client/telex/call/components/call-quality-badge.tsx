/** The network quality of a call in words and bars (never colour alone), from getStats. */
import { Text } from '@mantine/core';
import { QUALITY_TEXT, type QualityReading } from '../call-quality';
import classes from './call.module.css';

const BARS = { good: 3, fair: 2, poor: 1 } as const;

export function CallQualityBadge({ reading }: { reading: QualityReading | undefined }) {
  if (!reading) return null;
  const title = reading.rttMs === undefined ? undefined : `Round trip ${reading.rttMs} ms, ${reading.lossPercent.toFixed(1)} % lost`;
  return (
    <Text span size="xs" className={classes.quality} title={title} data-testid="call-quality" data-quality={reading.quality}>
      <span className={classes.bars} aria-hidden="true">
        {[1, 2, 3].map((n) => (
          <span key={n} style={{ height: `${n * 4}px` }} data-on={n <= BARS[reading.quality] || undefined} />
        ))}
      </span>
      {QUALITY_TEXT[reading.quality]}
      {reading.relayed && ' · relayed'}
    </Text>
  );
}
