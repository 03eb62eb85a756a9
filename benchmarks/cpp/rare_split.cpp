// The project's C++ -O2 port of grundy.kernels._rare_jit (the rare-value method for
// games of splits into two heaps plus takes), line for line the same algorithm, for
// benchmarks/bench_kernels.py.
//   rare_split CODE N            finite octal code (0.6, 0.354, ...)
//   rare_split grundy N          Grundy's game (unequal splits)
//   rare_split CODE N --naive    the O(n^2) mex table
// Prints: seconds sum max rare
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

typedef uint16_t val;
static const int F = 32, A0 = 8192, K = 8, BLOCK = 64, V = 1 << 17;
static inline int par(uint32_t x) { return __builtin_parity(x); }
static inline uint32_t full(uint32_t m, int bits) { return m | (0xFFFFFFFFu ^ ((1u << bits) - 1)); }

struct Moves { std::vector<long> splits, takes, wholes; bool unequal = false; };

static void wht_best(const std::vector<int64_t>& c0, const std::vector<int64_t>& c1, int bits, bool allow_e,
                     uint32_t& m, int& e, int& f, int64_t& count) {
  int size = 1 << (bits + 1), half = 1 << bits;
  std::vector<int64_t> h(size);
  for (int v = 0; v < half; v++) { h[v] = c0[v]; h[v + half] = c1[v]; }
  for (int step = 1; step < size; step *= 2)
    for (int i = 0; i < size; i += 2 * step)
      for (int j = i; j < i + step; j++) { int64_t x = h[j], y = h[j + step]; h[j] = x + y; h[j + step] = x - y; }
  int best = 1, bf = 0; int64_t bc = h[0] + 1;
  for (int M = 1; M < (allow_e ? size : half); M++) {
    int64_t c = (h[0] + h[M]) / 2;
    if (c < bc) { bc = c; best = M; bf = 0; }
    if (M >= half && h[0] - c < bc) { bc = h[0] - c; best = M; bf = 1; }
  }
  m = best & (half - 1); e = best >> bits; f = bf; count = bc;
}

static void naive(std::vector<val>& g, long start, long n, const Moves& mv) {
  std::vector<uint32_t> seen_(V, 0);
  uint32_t* __restrict seen = seen_.data();
  val* __restrict G = g.data();
  for (long m = start; m <= n; m++) {
    uint32_t tag = m + 1;
    for (long k : mv.wholes) if (m == k) seen[0] = tag;
    for (long k : mv.takes) if (m > k) seen[G[m - k]] = tag;
    for (long s : mv.splits) {
      long r = m - s, half = mv.unequal ? (r - 1) / 2 : r / 2;
      for (long a = 1; a <= half; a++) seen[G[a] ^ G[r - a]] = tag;
    }
    int v = 0; while (seen[v] == tag) v++;
    G[m] = v;
  }
}

static long rare_run(std::vector<val>& g, long start, long n_end, const Moves& mv) {
  int top = 0; for (long i = 0; i < start; i++) top = std::max<int>(top, g[i]);
  int bits = 1; while (top >> bits) bits++;
  long ns = mv.splits.size(); bool allow_e = ns == 1; long t = ns == 1 ? mv.splits[0] : 0;
  std::vector<int64_t> cnt[2] = {std::vector<int64_t>(V, 0), std::vector<int64_t>(V, 0)};
  for (long i = 1; i < start; i++) cnt[i & 1][g[i]]++;
  std::vector<uint32_t> seen(V, 0);
  std::vector<uint8_t> israre[2] = {std::vector<uint8_t>(V), std::vector<uint8_t>(V)};
  std::vector<int32_t> commons[2] = {std::vector<int32_t>(V), std::vector<int32_t>(V)};
  std::vector<int32_t> rares[2] = {std::vector<int32_t>(V), std::vector<int32_t>(V)};
  long nc[2], nrv[2];
  std::vector<int32_t> need(V);
  std::vector<std::vector<int32_t>> probes(K, std::vector<int32_t>(V));
  long pcount[K] = {0};
  std::vector<uint8_t> occ(V, 0);
  auto add_probe = [&](long i, int v) { if (occ[v] < K) { probes[occ[v]][pcount[occ[v]]++] = i; occ[v]++; } };
  for (long i = 1; i < start; i++) add_probe(i, g[i]);
  std::vector<uint64_t> rk;  // rare list: position << 16 | value (one load per entry)
  std::vector<long> lim(std::max<long>(ns, 1), 0);
  uint32_t mask; int e, f; int64_t bc;
  uint32_t m0; wht_best(cnt[0], cnt[1], bits, allow_e, m0, e, f, bc); mask = full(m0, bits);
  auto set_tables = [&]() {
    for (int tau = 0; tau < 2; tau++) {
      nc[tau] = nrv[tau] = 0;
      for (int v = 0; v < (1 << (bits + 1)); v++) {
        if (par(v & mask) != tau) { israre[tau][v] = 1; rares[tau][nrv[tau]++] = v; }
        else { israre[tau][v] = 0; commons[tau][nc[tau]++] = v; }
      }
    }
  };
  auto rebuild = [&](long upto) {
    rk.clear();
    for (long i = 1; i < upto; i++) if (israre[1 ^ (e & i) ^ f][g[i]]) rk.push_back((uint64_t)i << 16 | g[i]);
  };
  set_tables(); rebuild(start);
  size_t at_choice = rk.size();
  long next_check = 2 * start;
  uint32_t stamp = 0;
  const val* G = g.data();
  for (long n = start; n <= n_end; n++) {
    stamp++;
    int tau = 1 ^ (e & (n - t));
    for (long si = 0; si < ns; si++) {
      long r = n - mv.splits[si];
      if (r < 2) continue;
      long L = lim[si];
      while (L < (long)rk.size() && (long)(rk[L] >> 16) < r) L++;
      lim[si] = L;
      const uint64_t* E = rk.data();
      const val* Gr = G + r;
      uint32_t* S = seen.data();
      long i = 0;
      for (; i + 4 <= L; i += 4) {  // four independent loads before the four stores
        uint64_t e0 = E[i], e1 = E[i + 1], e2 = E[i + 2], e3 = E[i + 3];
        uint32_t v0 = (uint32_t)(e0 & 0xffff) ^ Gr[-(long)(e0 >> 16)];
        uint32_t v1 = (uint32_t)(e1 & 0xffff) ^ Gr[-(long)(e1 >> 16)];
        uint32_t v2 = (uint32_t)(e2 & 0xffff) ^ Gr[-(long)(e2 >> 16)];
        uint32_t v3 = (uint32_t)(e3 & 0xffff) ^ Gr[-(long)(e3 >> 16)];
        S[v0] = stamp; S[v1] = stamp; S[v2] = stamp; S[v3] = stamp;
      }
      for (; i < L; i++) S[(uint32_t)(E[i] & 0xffff) ^ Gr[-(long)(E[i] >> 16)]] = stamp;
      if (mv.unequal && r % 2 == 0 && israre[1 ^ (e & (r / 2)) ^ f][G[r / 2]]) seen[0] = 0;
      long half = mv.unequal ? (r - 1) / 2 : r / 2;
      for (long a = 1; a <= std::min<long>(half, F); a++) seen[G[a] ^ G[r - a]] = stamp;
    }
    for (long k : mv.wholes) if (n == k) seen[0] = stamp;
    for (long k : mv.takes) if (n > k) seen[G[n - k]] = stamp;
    long ci = 0;
    while (ci < nc[tau] && seen[commons[tau][ci]] == stamp) ci++;
    int c = ci < nc[tau] ? commons[tau][ci] : (1 << (bits + 1));
    long nneed = 0;
    for (long i = 0; i < nrv[tau]; i++) { int v = rares[tau][i]; if (v >= c) break; if (seen[v] != stamp) need[nneed++] = v; }
    int value = c;
    if (nneed) {
      auto compact = [&]() { long w = 0; for (long i = 0; i < nneed; i++) if (seen[need[i]] != stamp) need[w++] = need[i]; nneed = w; };
      bool done = false;
      for (int phase = 0; phase < 2 && !done; phase++) {
        if (phase == 1) {
          for (int j = 0; j < K && !done; j++) {
            for (long si = 0; si < ns; si++) {
              long r = n - mv.splits[si], half = mv.unequal ? (r - 1) / 2 : r / 2;
              for (long idx = 0; idx < pcount[j]; idx++) { long a = probes[j][idx]; if (a > A0 && a <= half) seen[G[a] ^ G[r - a]] = stamp; }
            }
            compact(); if (!nneed) done = true;
          }
        }
        for (long si = 0; si < ns && !done; si++) {
          long r = n - mv.splits[si], half = mv.unequal ? (r - 1) / 2 : r / 2;
          long lo = phase == 0 ? F + 1 : A0 + 1, hi = phase == 0 ? std::min<long>(half, A0) : half;
          for (long a = lo; a <= hi && !done;) {
            long e2 = std::min(hi, a + BLOCK - 1);
            for (long b = a; b <= e2; b++) seen[G[b] ^ G[r - b]] = stamp;
            a = e2 + 1;
            compact(); if (!nneed) done = true;
          }
        }
      }
      if (nneed) value = need[0];
    }
    g[n] = value; cnt[n & 1][value]++; add_probe(n, value);
    bool rb = false;
    if (value >> bits) {
      while (value >> bits) bits++;
      wht_best(cnt[0], cnt[1], bits, allow_e, m0, e, f, bc); mask = full(m0, bits); rb = true;
    } else if (n + 1 >= next_check || rk.size() > 2 * at_choice + 16) {
      uint32_t m2; int e2, f2;
      wht_best(cnt[0], cnt[1], bits, allow_e, m2, e2, f2, bc);
      if ((full(m2, bits) != mask || e2 != e || f2 != f) && bc * 10 < (int64_t)rk.size() * 9) {
        mask = full(m2, bits); e = e2; f = f2; rb = true;
      }
      at_choice = rk.size();
      if (n + 1 >= next_check) next_check = 2 * (n + 1);
    }
    if (rb) { set_tables(); rebuild(n + 1); at_choice = rk.size(); for (auto& x : lim) x = 0; }
    else if (israre[1 ^ (e & n) ^ f][value]) rk.push_back((uint64_t)n << 16 | value);
  }
  return rk.size();
}

int main(int argc, char** argv) {
  if (argc < 3) { fprintf(stderr, "usage: %s CODE|grundy N [--naive]\n", argv[0]); return 1; }
  Moves mv;
  std::string code = argv[1];
  if (code == "grundy") { mv.splits = {0}; mv.unequal = true; }
  else {
    size_t dot = code.find('.');
    std::vector<int> d = {dot == 0 ? 0 : code[0] - '0'};
    for (size_t i = dot + 1; i < code.size(); i++) d.push_back(code[i] - '0');
    for (long k = 0; k < (long)d.size(); k++) {
      if (d[k] & 4) mv.splits.push_back(k);
      if (k && (d[k] & 2)) mv.takes.push_back(k);
      if (k && (d[k] & 1)) mv.wholes.push_back(k);
    }
  }
  long N = atol(argv[2]);
  bool nv = argc > 3 && !strcmp(argv[3], "--naive");
  std::vector<val> g(N + 1, 0);
  auto t0 = std::chrono::steady_clock::now();
  long rare = 0;
  if (nv || mv.splits.empty()) naive(g, 0, N, mv);
  else { naive(g, 0, std::min(N, 2047L), mv); if (N >= 2048) rare = rare_run(g, 2048, N, mv); }
  double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  long long sum = 0; int mx = 0; for (val v : g) { sum += v; mx = std::max<int>(mx, v); }
  printf("%.4f %lld %d %ld\n", dt, sum, mx, rare);
}
