// The plan view of the jobs page: the capacity a team's batches reserved over time, as an inline SVG. Each
// reservation is a bar (executors high, from its start until its end or its batch's end), stacked first-fit; a step
// line traces the total. Built from the reservationStart/End and executors that GET /batches returns.
'use strict';

const PunctualPlan = (() => {
  const SVG = 'http://www.w3.org/2000/svg';
  const LOOKBACK_MS = 60 * 60 * 1000;
  const FINAL = ['success', 'dead', 'killed', 'error'];

  const CHART = { width: 960, height: 260, left: 48, right: 16, top: 16, bottom: 32 };

  /** Draws the reservations of these batches into the container, as they stand at `now` (ms). */
  function render(container, batches, now) {
    const held = batches
      .filter((b) => b.reservationId && b.reservationStart && b.reservationEnd && b.executors)
      .map((b) => ({ batch: b, start: Date.parse(b.reservationStart), end: heldUntil(b), executors: b.executors }))
      .filter((r) => r.end >= now - LOOKBACK_MS && r.end > r.start)
      .sort((a, b) => a.start - b.start || a.batch.id - b.batch.id);
    if (held.length === 0) {
      const p = document.createElement('p');
      p.className = 'empty';
      p.textContent = 'No reservations in this window.';
      container.replaceChildren(p);
      return;
    }
    stack(held);
    const steps = totalSteps(held);
    const peak = Math.max(...steps.map((s) => s.total), ...held.map((r) => r.offset + r.executors));
    const t0 = Math.min(now, held[0].start);
    const t1 = Math.max(now, ...held.map((r) => r.end));
    const x = scale(t0, t1, CHART.left, CHART.width - CHART.right);
    const y = scale(0, peak, CHART.height - CHART.bottom, CHART.top);

    const svg = svgNode('svg', { viewBox: `0 0 ${CHART.width} ${CHART.height}`, role: 'img',
      'aria-labelledby': 'plan-svg-title plan-svg-desc', class: 'plan-chart' });
    svg.append(svgText('title', 'Reserved capacity over time', { id: 'plan-svg-title' }),
      svgText('desc', `${held.length} reservations; at most ${Math.max(...steps.map((s) => s.total))} executors `
        + `reserved at once, between ${clock(new Date(t0))} and ${clock(new Date(t1))}.`, { id: 'plan-svg-desc' }));
    axes(svg, x, y, t0, t1, peak);
    held.forEach((r) => svg.append(bar(r, x, y)));
    svg.append(svgNode('path', { class: 'plan-total', d: stepPath(steps, x, y) }));
    const nowX = x(now);
    svg.append(svgNode('line', { class: 'plan-now', x1: nowX, x2: nowX, y1: CHART.top, y2: CHART.height - CHART.bottom }),
      svgText('text', 'now', { class: 'plan-now-label', x: nowX, y: CHART.top - 4, 'text-anchor': 'middle' }));
    container.replaceChildren(svg);
  }

  // The gateway releases a reservation when its batch ends, so a finished batch held it only until then.
  function heldUntil(b) {
    const end = Date.parse(b.reservationEnd);
    return b.finishedAt ? Math.min(end, Math.max(Date.parse(b.finishedAt), Date.parse(b.reservationStart))) : end;
  }

  // First fit: each reservation sits at the lowest height where it overlaps no earlier reservation in time.
  function stack(held) {
    held.forEach((r, i) => {
      const below = held.slice(0, i).filter((o) => o.start < r.end && r.start < o.end)
        .sort((a, b) => a.offset - b.offset);
      let offset = 0;
      for (const o of below) {
        if (o.offset >= offset + r.executors) {
          break;
        }
        offset = Math.max(offset, o.offset + o.executors);
      }
      r.offset = offset;
    });
  }

  // The team's total reserved executors as a step function: [{at, total}] from one change to the next.
  function totalSteps(held) {
    const changes = new Map();
    for (const r of held) {
      changes.set(r.start, (changes.get(r.start) || 0) + r.executors);
      changes.set(r.end, (changes.get(r.end) || 0) - r.executors);
    }
    let total = 0;
    return [...changes.keys()].sort((a, b) => a - b).map((at) => ({ at, total: (total += changes.get(at)) }));
  }

  function stepPath(steps, x, y) {
    let d = `M${x(steps[0].at)},${y(0)}`;
    let previous = 0;
    for (const s of steps) {
      d += `V${y(previous)}H${x(s.at)}V${y(s.total)}`;
      previous = s.total;
    }
    return d;
  }

  function bar(r, x, y) {
    const b = r.batch;
    const status = b.predictedMiss ? 'miss' : (FINAL.includes(b.state) ? 'done' : 'active');
    const group = svgNode('g', { class: 'reservation-group' });
    const left = x(r.start);
    const width = Math.max(1, x(r.end) - left);
    const top = y(r.offset + r.executors);
    const height = y(r.offset) - top;
    const rect = svgNode('rect', { class: `reservation reservation-${status}`, x: left, y: top, width, height,
      'data-reservation-id': b.reservationId, 'data-batch-id': b.id });
    rect.append(svgText('title', `Batch ${b.id} (${b.jobKey}): ${r.executors} executors in ${b.reservationId}, `
      + `${clock(new Date(r.start))} to ${clock(new Date(r.end))}`
      + (r.end < Date.parse(b.reservationEnd) ? ' (released when the batch ended)' : '')
      + (b.deadline ? `, deadline ${clock(new Date(b.deadline))}` : '')));
    group.append(rect);
    const label = fit(`#${b.id} ${b.jobKey}`, width - 8);
    if (label && height > 14) {
      group.append(svgText('text', label, { class: 'reservation-label', x: left + 4,
        y: top + Math.min(height / 2 + 4, 14) }));
    }
    return group;
  }

  // Cuts a label to what fits in a bar (about 6.5 px a character at 11 px); nothing if not even a few fit.
  function fit(text, pixels) {
    const chars = Math.floor(pixels / 6.5);
    if (chars < 4) {
      return '';
    }
    return text.length <= chars ? text : `${text.slice(0, chars - 1)}…`;
  }

  function axes(svg, x, y, t0, t1, peak) {
    const bottom = CHART.height - CHART.bottom;
    const right = CHART.width - CHART.right;
    svg.append(svgNode('line', { class: 'axis', x1: CHART.left, x2: right, y1: bottom, y2: bottom }),
      svgNode('line', { class: 'axis', x1: CHART.left, x2: CHART.left, y1: CHART.top, y2: bottom }));
    const every = Math.max(1, Math.ceil(peak / 5));
    for (let v = 0; v <= peak; v += every) {
      svg.append(svgNode('line', { class: 'grid', x1: CHART.left, x2: right, y1: y(v), y2: y(v) }),
        svgText('text', String(v), { class: 'tick', x: CHART.left - 6, y: y(v) + 4, 'text-anchor': 'end' }));
    }
    for (let i = 0; i <= 4; i++) {
      const t = t0 + (t1 - t0) * i / 4;
      svg.append(svgText('text', clock(new Date(t)), { class: 'tick', x: x(t), y: bottom + 18,
        'text-anchor': i === 0 ? 'start' : i === 4 ? 'end' : 'middle' }));
    }
    const middle = (CHART.top + bottom) / 2;
    svg.append(svgText('text', 'executors', { class: 'tick', x: 14, y: middle, 'text-anchor': 'middle',
      transform: `rotate(-90 14 ${middle})` }));
  }

  function scale(d0, d1, r0, r1) {
    const span = d1 - d0 || 1;
    return (v) => Math.round((r0 + (v - d0) * (r1 - r0) / span) * 10) / 10;
  }

  function svgNode(name, attributes) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes || {})) {
      node.setAttribute(key, String(value));
    }
    return node;
  }

  function svgText(name, text, attributes) {
    const node = svgNode(name, attributes);
    node.textContent = text;
    return node;
  }

  const pad = (n) => String(n).padStart(2, '0');
  const clock = (d) => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

  return { render };
})();
