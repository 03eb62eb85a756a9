// Counter-based retrograde analysis (win / lose / draw and remoteness in one pass)
// on a graph given as an edge list: the C++ -O2 port of grundy's numba kernels
// (grundy/kernels/retrograde.py: csr and retro), the yardstick of bench_retrograde.py.
//
// Input file: int64 V, int64 E, then int32 src[E], int32 dst[E].
// Build: the predecessor CSR by a stable counting sort in place (no scratch array)
// and the out-degrees, in one pass over the edges. Analysis: one int32 state per
// vertex doubles as the counter of unresolved options (> 0), lost (0), won (-1), so
// each edge walked costs one random access; the remoteness of a vertex is set when
// it is resolved (the queue is first in, first out: vertices leave it in order of
// remoteness). Times are the best of `reps` (default 5); prints one line of
// key=value pairs and the peak RSS (VmHWM).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

using clk = std::chrono::steady_clock;

static void build(int64_t V, int64_t E, const int32_t* __restrict src, const int32_t* __restrict dst,
                  int32_t* __restrict pstart, int32_t* __restrict pred, int32_t* __restrict deg) {
    for (int64_t v = 0; v <= V; v++) pstart[v] = 0;
    for (int64_t v = 0; v < V; v++) deg[v] = 0;
    for (int64_t e = 0; e < E; e++) { pstart[dst[e] + 1]++; deg[src[e]]++; }
    for (int64_t v = 0; v < V; v++) pstart[v + 1] += pstart[v];
    for (int64_t e = E - 1; e >= 0; e--) pred[--pstart[dst[e] + 1]] = src[e];
    for (int64_t v = 0; v < V; v++) pstart[v] = pstart[v + 1];
    pstart[V] = (int32_t)E;
}

// st: out-degrees in, used up; out: 0 draw, 1 win, 2 loss; rem: -1 for draws.
template <class S>
static void analyse(int64_t V, const int32_t* __restrict pstart, const int32_t* __restrict pred,
                    S* __restrict st, uint8_t* __restrict out, int32_t* __restrict rem,
                    int32_t* __restrict q) {
    int64_t qh = 0, qt = 0;
    for (int64_t v = 0; v < V; v++) {
        rem[v] = -1;
        if (st[v] == 0) { rem[v] = 0; q[qt++] = (int32_t)v; }
    }
    while (qh < qt) {
        int32_t v = q[qh++];
        int32_t r = rem[v] + 1;
        if (st[v] == 0) {
            for (int32_t k = pstart[v]; k < pstart[v + 1]; k++) {
                int32_t u = pred[k];
                if (st[u] > 0) { st[u] = -1; rem[u] = r; q[qt++] = u; }
            }
        } else {
            for (int32_t k = pstart[v]; k < pstart[v + 1]; k++) {
                int32_t u = pred[k];
                S s = st[u];
                if (s > 0) {
                    st[u] = (S)(s - 1);
                    if (s == 1) { rem[u] = r; q[qt++] = u; }
                }
            }
        }
    }
    for (int64_t v = 0; v < V; v++) out[v] = st[v] == 0 ? 2 : (st[v] == -1 ? 1 : 0);
}

int main(int argc, char** argv) {
    if (argc < 2) { std::fprintf(stderr, "usage: retrograde EDGES.bin [reps]\n"); return 2; }
    int reps = argc > 2 ? std::atoi(argv[2]) : 5;
    FILE* f = std::fopen(argv[1], "rb");
    if (!f) { std::perror(argv[1]); return 2; }
    int64_t hdr[2];
    if (std::fread(hdr, 8, 2, f) != 2) return 2;
    const int64_t V = hdr[0], E = hdr[1];
    std::vector<int32_t> src(E), dst(E);
    if ((int64_t)std::fread(src.data(), 4, E, f) != E || (int64_t)std::fread(dst.data(), 4, E, f) != E) return 2;
    std::fclose(f);

    std::vector<int32_t> pstart(V + 1), pred(E), st(V), q(V), rem(V);
    std::vector<uint8_t> out(V);
    // the counters narrowed to the largest out-degree (as the numba side does)
    std::vector<int8_t> st8;
    std::vector<int16_t> st16;
    double best_build = 1e9, best_solve = 1e9;
    long wins = 0, losses = 0, draws = 0, remsum = 0;
    for (int rep = 0; rep < reps; rep++) {
        auto t0 = clk::now();
        build(V, E, src.data(), dst.data(), pstart.data(), pred.data(), st.data());
        int32_t top = 0;
        for (int64_t v = 0; v < V; v++) top = st[v] > top ? st[v] : top;
        if (top < 127) {
            st8.resize(V);
            for (int64_t v = 0; v < V; v++) st8[v] = (int8_t)st[v];
        } else if (top < 32767) {
            st16.resize(V);
            for (int64_t v = 0; v < V; v++) st16[v] = (int16_t)st[v];
        }
        auto t1 = clk::now();
        if (top < 127)
            analyse(V, pstart.data(), pred.data(), st8.data(), out.data(), rem.data(), q.data());
        else if (top < 32767)
            analyse(V, pstart.data(), pred.data(), st16.data(), out.data(), rem.data(), q.data());
        else
            analyse(V, pstart.data(), pred.data(), st.data(), out.data(), rem.data(), q.data());
        auto t2 = clk::now();
        double b = std::chrono::duration<double>(t1 - t0).count();
        double s = std::chrono::duration<double>(t2 - t1).count();
        if (b < best_build) best_build = b;
        if (s < best_solve) best_solve = s;
        wins = losses = draws = remsum = 0;
        for (int64_t v = 0; v < V; v++) {
            wins += out[v] == 1; losses += out[v] == 2; draws += out[v] == 0;
            if (rem[v] > 0) remsum += rem[v];
        }
    }
    long hwm = 0;  // peak RSS of this program
    if (FILE* st_ = std::fopen("/proc/self/status", "r")) {
        char line[256];
        while (std::fgets(line, sizeof line, st_))
            if (std::sscanf(line, "VmHWM: %ld", &hwm) == 1) break;
        std::fclose(st_);
    }
    std::printf("build=%.4f solve=%.4f win=%ld loss=%ld draw=%ld remsum=%ld rss_kb=%ld\n",
                best_build, best_solve, wins, losses, draws, remsum, hwm);
    return 0;
}
