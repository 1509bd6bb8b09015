// The jobs page: one page of a team's batches from GET /batches, newest first, refreshed every few seconds, and
// (plan.js) a chart of the capacity that page's batches reserved over time. Each refresh asks only for the page shown
// (and the listing's total), not the whole listing. Plain DOM, no framework; all text goes in through textContent.
'use strict';

(() => {
  const REFRESH_MS = 4000;
  const TOKEN_KEY = 'punctual.token';
  // Rows per page: ?size=N in the page's address (1 to 500), else 50.
  const PAGE_SIZE = (() => {
    const asked = Number.parseInt(new URLSearchParams(location.search).get('size'), 10);
    return Number.isInteger(asked) && asked >= 1 && asked <= 500 ? asked : 50;
  })();

  let timer = null;
  let generation = 0; // a newer refresh (say, a new token) makes an older one's answer stale
  let page = 0; // 0 is the newest batches; page n shows the n-th PAGE_SIZE batches older than those
  let total = 0;

  const $ = (id) => document.getElementById(id);

  // ---- token -------------------------------------------------------------------------------------------------

  // A token in the fragment (#token=...) is taken once and then removed from the address bar, so it is not
  // left in the history or copied along with the link.
  function takeTokenFromFragment() {
    const match = /(?:^#|&)token=([^&]*)/.exec(location.hash);
    if (match) {
      sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(match[1]));
      history.replaceState(null, '', location.pathname + location.search);
    }
  }

  const token = () => sessionStorage.getItem(TOKEN_KEY);

  // ---- loading -----------------------------------------------------------------------------------------------

  class Unauthorized extends Error {}

  async function fetchPage(from, size) {
    const response = await fetch(`/batches?from=${from}&size=${size}`, {
      headers: { Authorization: `Bearer ${token()}`, Accept: 'application/json' },
      cache: 'no-store',
    });
    if (response.status === 401) {
      throw new Unauthorized((await response.json()).msg);
    }
    if (!response.ok) {
      throw new Error(`GET /batches answered ${response.status}`);
    }
    return response.json();
  }

  // The listing is oldest first: its total says where the newest page starts. A page past the end (batches left
  // the listing meanwhile) falls back to the oldest page there is.
  async function fetchShownPage() {
    const count = (await fetchPage(0, 0)).total;
    const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
    page = Math.min(page, pages - 1);
    const end = count - page * PAGE_SIZE;
    const from = Math.max(0, end - PAGE_SIZE);
    const shown = end > 0 ? (await fetchPage(from, end - from)).sessions : [];
    return { count, batches: shown };
  }

  async function refresh() {
    clearTimeout(timer);
    const mine = ++generation;
    if (!token()) {
      setStatus('Enter your team\'s token to see its batches.');
      render([]);
      renderPager(0);
      return;
    }
    try {
      const { count, batches } = await fetchShownPage();
      if (mine !== generation) {
        return;
      }
      total = count;
      batches.sort((a, b) => b.id - a.id);
      render(batches);
      renderPager(batches.length);
      await renderQueues();
      const team = batches.length ? `Team ${batches[0].team}: ` : '';
      const red = batches.filter((b) => b.predictedMiss).length;
      const counted = total === 1 ? '1 batch' : `${total} batches`;
      const paged = batches.length < total;
      const shown = paged ? `, ${batches.length} shown, ${red} of those in red` : `, ${red} in red`;
      setStatus(`${team}${counted}${shown}. Updated ${clock(new Date())}.`);
    } catch (e) {
      if (mine !== generation) {
        return;
      }
      if (e instanceof Unauthorized) {
        setStatus(`The gateway refused this token (${e.message}). Enter your team's token.`, true);
        render([]);
        return; // no point asking again with a token the gateway does not know
      }
      setStatus(`Cannot load batches (${e.message}); trying again.`, true);
    }
    timer = setTimeout(refresh, REFRESH_MS);
  }

  // The class BoPF admitted the team's batch queue and each latency-sensitive group into (GET /queues).
  async function renderQueues() {
    const response = await fetch('/queues', { headers: { Authorization: `Bearer ${token()}` } });
    const line = $('groups');
    if (!response.ok) {
      line.textContent = '';
      return;
    }
    const view = await response.json();
    const groups = view.latencySensitive || [];
    const name = (g) => (g.group === '(batch)' ? 'batch queue' : `group ${g.group}`);
    line.textContent = groups.length === 0 ? '' : 'BoPF classes: ' + groups.map((g) =>
      `${name(g)} ${g.class}${g.class === 'rejected' ? ' (runs as best-effort work)' : ''}`).join(', ');
  }

  // Newer and older pages, and which batches (1 is the newest) this page shows.
  function renderPager(shown) {
    const first = page * PAGE_SIZE + 1;
    $('page-info').textContent = shown === 0 ? '' : `Batches ${first}–${first + shown - 1} of ${total}, newest first`;
    $('newer').disabled = page === 0;
    $('older').disabled = (page + 1) * PAGE_SIZE >= total;
    $('pager').hidden = total <= PAGE_SIZE;
  }

  function setStatus(text, isError = false) {
    const status = $('status');
    status.textContent = text;
    status.classList.toggle('error', isError);
  }

  function render(batches) {
    renderTable(batches);
    PunctualPlan.render($('plan'), batches, Date.now());
  }

  // ---- table -------------------------------------------------------------------------------------------------

  function renderTable(batches) {
    const body = document.querySelector('#batches tbody');
    body.replaceChildren(...batches.map(row));
    $('empty').hidden = batches.length > 0 || !token();
  }

  function row(b) {
    const tr = document.createElement('tr');
    tr.dataset.batchId = b.id;
    tr.dataset.state = b.state;
    const why = b.predictedMiss ? missReason(b) : '';
    if (b.predictedMiss) {
      tr.classList.add('row-miss');
      tr.title = why;
    }
    tr.append(
      cell(String(b.id), 'num'),
      cell(b.team),
      keyCell(b.jobKey ?? b.name ?? '', b.jobConfidence),
      b.bestEffort ? cell('best effort') : timeCell(b.deadline),
      timeCell(b.predictedFinish),
      stateCell(b),
      executorsCell(b),
      reservationCell(b),
      cell(why, 'why'),
    );
    return tr;
  }

  // The sized count, and where re-planning took it while the batch ran ("1 → 2"), each change in the tooltip.
  function executorsCell(b) {
    const changes = b.replanning ? b.replanning.changes : [];
    const now = b.replanning ? b.replanning.executors : b.executors;
    const td = cell(b.executors == null ? '' : String(b.executors) + (now !== b.executors ? ` → ${now}` : ''), 'num');
    if (changes.length > 0) {
      td.title = changes.map((c) => `${dateTime(new Date(c.at))}: ${c.executorsFrom} → ${c.executorsTo} (${c.why})`)
        .join('\n');
    }
    return td;
  }

  function cell(text, className) {
    const td = document.createElement('td');
    td.textContent = text;
    if (className) {
      td.className = className;
    }
    return td;
  }

  // Job keys are long dotted names: let them wrap after a '/' or '.', never inside a word. Below the key, what the
  // job's deadline runs achieved since the gateway started (BatchJson.page), flagged when clearly below what it asked.
  function keyCell(key, achieved) {
    const td = document.createElement('td');
    td.className = 'key';
    key.split(/(?<=[/.])/).forEach((part, i) => {
      if (i > 0) {
        td.append(document.createElement('wbr'));
      }
      td.append(part);
    });
    if (achieved) {
      const line = document.createElement('div');
      line.className = achieved.clearlyBelow ? 'achieved achieved-low' : 'achieved';
      line.textContent = `met ${achieved.met} of ${achieved.finished}`;
      line.title = achieved.text;
      td.append(line);
    }
    return td;
  }

  function timeCell(iso) {
    const td = document.createElement('td');
    if (iso) {
      const time = document.createElement('time');
      time.dateTime = iso;
      time.textContent = dateTime(new Date(iso));
      td.append(time);
    }
    return td;
  }

  function stateCell(b) {
    const td = document.createElement('td');
    const badge = document.createElement('span');
    badge.className = `state state-${b.state}`;
    badge.textContent = b.state;
    td.append(badge);
    if (b.admission && b.admission.verdict) {
      td.append(` (${b.admission.verdict})`);
    }
    if (b.admission && b.admission.verdict === 'queued' && b.admission.reason) {
      // Who it waits for and why: its place in the admission queue and what the plan answered.
      const waiting = document.createElement('div');
      waiting.className = 'span waiting';
      waiting.textContent = b.admission.reason;
      td.append(waiting);
    }
    return td;
  }

  function reservationCell(b) {
    const td = document.createElement('td');
    if (b.reservationId) {
      const id = document.createElement('code');
      id.textContent = b.reservationId;
      td.append(id);
      if (b.reservationStart && b.reservationEnd) {
        const span = document.createElement('div');
        span.className = 'span';
        span.textContent = `${clock(new Date(b.reservationStart))} to ${clock(new Date(b.reservationEnd))}`;
        td.append(span);
      }
    }
    return td;
  }

  // Why the gateway marked the batch (BatchJson.predictedMiss), in words.
  function missReason(b) {
    const admission = b.admission || {};
    if (admission.verdict === 'rejected') {
      return `Rejected: ${admission.reason || 'no reason given'}`;
    }
    if (b.metDeadline === false) {
      return b.finishedAt ? `Finished at ${dateTime(new Date(b.finishedAt))}, after its deadline`
        : 'Finished after its deadline';
    }
    if (['dead', 'killed', 'error'].includes(b.state)) {
      return admission.reason ? `Ended ${b.state}: ${admission.reason}` : `Ended ${b.state} without meeting its deadline`;
    }
    if (b.predictedLateSeconds != null) {
      return `Predicted from its progress to finish ${Math.round(b.predictedLateSeconds)} s after its deadline, `
        + 'even with the most executors it may have';
    }
    if (b.predictedFinish && b.deadline && Date.parse(b.predictedFinish) > Date.parse(b.deadline)) {
      return `Predicted to finish at ${dateTime(new Date(b.predictedFinish))}, after its deadline`;
    }
    return 'Still running past its deadline';
  }

  // ---- formatting --------------------------------------------------------------------------------------------

  const pad = (n) => String(n).padStart(2, '0');
  const clock = (d) => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

  function dateTime(d) {
    const today = new Date().toDateString() === d.toDateString();
    const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    return today ? clock(d) : `${day} ${clock(d)}`;
  }

  // ---- start -------------------------------------------------------------------------------------------------

  function start() {
    takeTokenFromFragment();
    $('token').value = token() || '';
    $('token-form').addEventListener('submit', (event) => {
      event.preventDefault();
      sessionStorage.setItem(TOKEN_KEY, $('token').value.trim());
      refresh();
    });
    $('forget').addEventListener('click', () => {
      sessionStorage.removeItem(TOKEN_KEY);
      $('token').value = '';
      refresh();
    });
    $('newer').addEventListener('click', () => {
      page = Math.max(0, page - 1);
      refresh();
    });
    $('older').addEventListener('click', () => {
      page += 1;
      refresh();
    });
    window.addEventListener('hashchange', () => {
      takeTokenFromFragment();
      $('token').value = token() || '';
      refresh();
    });
    refresh();
  }

  start();
})();
