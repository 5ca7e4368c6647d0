import { describe, expect, it } from 'vitest';
import { TOPICS, topicMatches } from './topics.ts';

describe('topicMatches: MQTT topic filters as brokers apply them', () => {
  it('matches `+` one level and `#` every level below, and nothing else', () => {
    const topic = TOPICS.thingOut('t1');
    expect(topicMatches('/a/t/+/e/o', topic)).toBe(true);
    expect(topicMatches('/a/#', topic)).toBe(true);
    expect(topicMatches(topic, topic)).toBe(true);
    expect(topicMatches('/a/t/+/e/i', topic)).toBe(false);
    expect(topicMatches('/a/t/+', topic)).toBe(false);
    expect(topicMatches('/a/t/+/e/o/x', topic)).toBe(false);
    expect(topicMatches('$tc/live/#', '$tc/live/user:u1')).toBe(true);
  });
});
