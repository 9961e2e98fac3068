// Steps through a game on its page without asking the server again: buttons, the move list,
// the review chart and the keyboard (left and right arrows, Home, End). Without this script every
// position is still a link.
(() => {
  const data = document.getElementById('positions');
  const board = document.getElementById('board');
  if (!data || !board) return;
  const positions = JSON.parse(data.textContent);
  const cells = board.querySelectorAll('[data-i]');
  const status = document.getElementById('status');
  const moves = document.querySelectorAll('.moves a[data-ply]');
  const bars = document.querySelectorAll('#chart .bar');
  const output = document.getElementById('chart-value');
  const steps = { first: () => 0, prev: p => p - 1, next: p => p + 1, last: () => positions.length - 1 };
  let ply = Number(board.dataset.ply);

  const link = p => {
    const url = new URL(window.location.href);
    url.searchParams.set('ply', String(p));
    return url.pathname + url.search;
  };

  function show(target) {
    ply = Math.max(0, Math.min(positions.length - 1, target));
    const position = positions[ply];
    cells.forEach((cell, i) => {
      const c = position.c[i];
      let name = 'sq';
      if (c === 'b') name += ' b';
      else if (c === 'w') name += ' w';
      if (position.l === i) name += ' last';
      cell.className = name;
    });
    board.dataset.ply = String(ply);
    board.setAttribute('aria-label', position.s);
    status.textContent = position.s;
    moves.forEach(a => {
      if (Number(a.dataset.ply) === ply) {
        a.setAttribute('aria-current', 'step');
        a.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      } else {
        a.removeAttribute('aria-current');
      }
    });
    bars.forEach(bar => bar.classList.toggle('current', Number(bar.dataset.ply) === ply));
    for (const [id, next] of Object.entries(steps)) {
      const a = document.getElementById(id);
      if (a) a.href = link(Math.max(0, Math.min(positions.length - 1, next(ply))));
    }
    history.replaceState(null, '', link(ply));
  }

  for (const [id, next] of Object.entries(steps)) {
    const a = document.getElementById(id);
    if (a) a.addEventListener('click', e => { e.preventDefault(); show(next(ply)); });
  }
  document.querySelectorAll('.moves a[data-ply], .mistakes a[data-ply]').forEach(a => {
    a.addEventListener('click', e => { e.preventDefault(); show(Number(a.dataset.ply)); });
  });
  document.querySelectorAll('#chart .hit').forEach(bar => {
    const tell = () => { if (output) output.textContent = bar.dataset.label; };
    bar.addEventListener('mouseenter', tell);
    bar.addEventListener('focus', tell);
    bar.addEventListener('click', () => { tell(); show(Number(bar.dataset.ply)); });
  });
  document.addEventListener('keydown', e => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest('input, textarea, select')) return;
    const keys = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: positions.length - 1 };
    if (!(e.key in keys)) return;
    e.preventDefault();
    show(keys[e.key]);
  });
})();
