#!/usr/bin/env node
/**
 * Summarises a V8 CPU profile (node --cpu-prof; the bench writes one per
 * server start when BENCH_CPU_PROF is set): the frames with the most self
 * time, and self time grouped by package or source directory.
 *
 *   node packages/server/dist/bench/profile-top.js FILE.cpuprofile [TOP=30]
 *
 * PROFILE_WINDOW=FROM-TO (seconds since the profile started) keeps only the
 * samples of that window, e.g. the measured phase without the setup; the
 * sample timeline is printed so the window can be chosen. It also lists the
 * functions of our own code (dist/) by inclusive time (self + callees).
 */
import { readFileSync } from 'node:fs';
import type { CpuProfile, ProfileNode } from './layers.js';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-top.js FILE.cpuprofile [TOP]');
  process.exit(2);
}
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
function node(id: number): ProfileNode {
  const n = byId.get(id);
  if (!n) throw new Error(`profile-top: no node ${id} in ${file}`);
  return n;
}

// Self time per node: the sampling interval after each sample belongs to that sample's node.
const self = new Map<number, number>();
const inclusive = new Map<string, number>();
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const { samples, timeDeltas } = profile;
const [from = NaN, to = NaN] = (process.env.PROFILE_WINDOW ?? '0-1e9').split('-').map(Number);
const busyPerSecond: number[] = [];
let at = 0; // ms since start
for (let i = 0; i < samples.length; i++) {
  const sample = samples[i];
  if (sample === undefined) continue;
  at += (timeDeltas[i] ?? 0) / 1000;
  const dt = (timeDeltas[i + 1] ?? 0) / 1000; // ms
  const second = Math.floor(at / 1000);
  const name = node(sample).callFrame.functionName;
  if (name !== '(idle)') busyPerSecond[second] = (busyPerSecond[second] ?? 0) + dt;
  if (at < from * 1000 || at > to * 1000) continue;
  self.set(sample, (self.get(sample) ?? 0) + dt);
  const seen = new Set<string>();
  for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
    const { callFrame } = node(id);
    if (!callFrame.url.includes('/dist/')) continue;
    const key = `${callFrame.functionName || '(anonymous)'}  ${shortUrl(callFrame.url)}:${callFrame.lineNumber + 1}`;
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
  }
}
console.log(`busy ms per second: ${Array.from(busyPerSecond, (v, i) => `${i}:${Math.round(v ?? 0)}`).join(' ')}`);
const total = [...self.values()].reduce((a, b) => a + b, 0);

function shortUrl(url: string): string {
  if (!url) return '';
  const u = url.replace(/^file:\/\//, '');
  const nm = u.lastIndexOf('node_modules/');
  if (nm >= 0) return u.slice(nm + 'node_modules/'.length);
  const dist = u.indexOf('/dist/');
  if (dist >= 0) return `dist/${u.slice(dist + 6)}`;
  return u;
}

function group(url: string): string {
  const s = shortUrl(url);
  if (!s) return '(native / VM)';
  if (s.startsWith('node:')) return `node:${s.slice(5).split('/')[0]}`;
  if (s.startsWith('dist/')) return s.split('/').slice(0, 2).join('/');
  if (s.startsWith('@')) return s.split('/').slice(0, 2).join('/');
  return s.split('/')[0] ?? s;
}

const frames = new Map<string, number>();
const groups = new Map<string, number>();
for (const [id, ms] of self) {
  const { callFrame } = node(id);
  const name = callFrame.functionName || '(anonymous)';
  const key = `${name}  ${shortUrl(callFrame.url)}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ''}`;
  frames.set(key, (frames.get(key) ?? 0) + ms);
  const g = ['(idle)', '(program)', '(garbage collector)'].includes(name) ? name : group(callFrame.url);
  groups.set(g, (groups.get(g) ?? 0) + ms);
}

const busy = total - (frames.get('(idle)  ') ?? 0);
const pct = (ms: number, of: number): string => `${((100 * ms) / of).toFixed(1)}%`;
console.log(`${file}: ${(total / 1000).toFixed(1)} s sampled, ${(busy / 1000).toFixed(1)} s not idle (percentages below are of the non-idle time)\n`);
console.log(`Top ${top} frames by self time:`);
for (const [key, ms] of [...frames]
  .filter(([k]) => !k.startsWith('(idle)'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top)) {
  console.log(`${pct(ms, busy).padStart(7)}  ${ms.toFixed(0).padStart(7)} ms  ${key}`);
}
console.log('\nOur functions (dist/) by inclusive time:');
for (const [key, ms] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${pct(ms, busy).padStart(7)}  ${ms.toFixed(0).padStart(7)} ms  ${key}`);
}
console.log('\nSelf time by package / source directory:');
for (const [g, ms] of [...groups]
  .filter(([k]) => k !== '(idle)')
  .sort((a, b) => b[1] - a[1])
  .slice(0, top)) {
  console.log(`${pct(ms, busy).padStart(7)}  ${ms.toFixed(0).padStart(7)} ms  ${g}`);
}
