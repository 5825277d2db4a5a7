/** The words a call's end shows on each side, its timer, and the quality thresholds. */
import { describe, expect, it } from 'vitest';
import { qualityOf } from '../../src/client/telex/call/call-quality';
import { durationText, endText, errorReason, isFree } from '../../src/client/telex/call/call-state';

describe('a call in words', () => {
  it('says each ending with the other member’s name', () => {
    expect(endText('declined', 'Ada')).toBe('Ada declined the call.');
    expect(endText('busy', 'Ada')).toBe('Ada is busy in another call.');
    expect(endText('missed', 'Ada')).toBe('Ada did not answer.');
    expect(endText('youMissed', 'Ada')).toBe('You missed a call from Ada.');
    expect(endText('answeredElsewhere', 'Ada')).toBe('Answered on another device.');
    expect(endText('noRelay', 'Ada')).toContain('not on one network');
    expect(endText('relayUnreachable', 'Ada')).toBe('Could not connect: the call relay did not answer, and you and Ada are not on one network.');
    expect(endText('connectionLost', 'Ada')).toBe('Your connection dropped for too long. Call ended.');
    expect(endText('ringLost', 'Ada')).toBe('Your connection dropped while it rang. Call cancelled.');
    expect(endText('gone', 'Ada')).toBe('Ada lost the connection. Call ended.');
  });
  it('reads a refusal\'s error code as its ending; an unknown code as the network', () => {
    expect(errorReason('callsOff')).toBe('callsOff');
    expect(errorReason('noCall')).toBe('noCall');
    expect(errorReason('somethingNew')).toBe('networkDropped');
  });
  it('times a call as m:ss, then h:mm:ss', () => {
    expect(durationText(7)).toBe('0:07');
    expect(durationText(765)).toBe('12:45');
    expect(durationText(3723)).toBe('1:02:03');
  });
  it('rates round trip and loss as good, fair or poor', () => {
    expect(qualityOf(40, 0)).toBe('good');
    expect(qualityOf(undefined, 0)).toBe('good');
    expect(qualityOf(400, 0)).toBe('fair');
    expect(qualityOf(40, 5)).toBe('fair');
    expect(qualityOf(900, 0)).toBe('poor');
    expect(qualityOf(40, 12)).toBe('poor');
  });
  it('is free for a new call only when idle or ended', () => {
    expect(isFree({ phase: 'idle' })).toBe(true);
    expect(isFree({ phase: 'incoming', callId: 'c', peer: 'p', kind: 'voice' })).toBe(false);
    expect(isFree({ phase: 'ended', callId: 'c', peer: 'p', kind: 'voice', reason: 'hungUp', seconds: 0 })).toBe(true);
  });
});
