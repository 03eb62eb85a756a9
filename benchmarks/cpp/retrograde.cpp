// Counter-based retrograde analysis (win / lose / draw and remoteness in one pass)
// on a graph given as an edge list: the C++ -O2 yardstick of bench_retrograde.py.
// Input file: int64 V, int64 E, then int32 src[E], int32 dst[E].
// Times (best of 3): building the predecessor CSR from the edges (counting sort) and
// the analysis; prints one line of key=value pairs and the peak RSS.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

using clk = std::chrono::steady_clock;

int main(int argc, char** argv) {
    if (argc < 2) { std::fprintf(stderr, "usage: retrograde EDGES.bin\n"); return 2; }
    FILE* f = std::fopen(argv[1], "rb");
    if (!f) { std::perror(argv[1]); return 2; }
    int64_t hdr[2];
    if (std::fread(hdr, 8, 2, f) != 2) return 2;
    const int64_t V = hdr[0], E = hdr[1];
    std::vector<int32_t> src(E), dst(E);
    if ((int64_t)std::fread(src.data(), 4, E, f) != E || (int64_t)std::fread(dst.data(), 4, E, f) != E) return 2;
    std::fclose(f);

    std::vector<int32_t> pstart(V + 1), pred(E), outdeg(V), cnt(V), q(V), rem(V);
    std::vector<uint8_t> out(V);
    std::vector<int64_t> levels;
    double best_build = 1e9, best_solve = 1e9, best_wld = 1e9;
    long wins = 0, losses = 0, draws = 0, remsum = 0;
    for (int rep = 0; rep < 3; rep++) {
        auto t0 = clk::now();
        std::fill(pstart.begin(), pstart.end(), 0);
        std::fill(outdeg.begin(), outdeg.end(), 0);
        for (int64_t e = 0; e < E; e++) { pstart[dst[e] + 1]++; outdeg[src[e]]++; }
        for (int64_t v = 0; v < V; v++) pstart[v + 1] += pstart[v];
        std::vector<int32_t> fill(pstart.begin(), pstart.end() - 1);
        for (int64_t e = 0; e < E; e++) pred[fill[dst[e]]++] = src[e];
        auto t1 = clk::now();
        // the analysis: 0 draw, 1 win, 2 loss for the player to move. The queue
        // holds the positions in order of remoteness, so the remoteness of queue
        // entry i is its level: written in one pass at the end, not in the loop.
        for (int64_t v = 0; v < V; v++) { cnt[v] = outdeg[v]; out[v] = 0; }
        int64_t qh = 0, qt = 0;
        for (int64_t v = 0; v < V; v++)
            if (cnt[v] == 0) { out[v] = 2; q[qt++] = (int32_t)v; }
        levels.clear(); levels.push_back(qt);
        while (qh < qt) {
            if (qh == levels.back()) levels.push_back(qt);
            int32_t v = q[qh++];
            bool lost = out[v] == 2;
            for (int32_t k = pstart[v]; k < pstart[v + 1]; k++) {
                int32_t u = pred[k];
                if (out[u]) continue;
                if (lost) { out[u] = 1; q[qt++] = u; }
                else if (--cnt[u] == 0) { out[u] = 2; q[qt++] = u; }
            }
        }
        auto tw = clk::now();
        for (int64_t v = 0; v < V; v++) rem[v] = -1;
        for (size_t L = 0, i = 0; i < (size_t)qt; i++) {
            while (L < levels.size() && i >= (size_t)levels[L]) L++;
            rem[q[i]] = (int32_t)L;
        }
        auto t2 = clk::now();
        double b = std::chrono::duration<double>(t1 - t0).count();
        double s = std::chrono::duration<double>(t2 - t1).count();
        if (b < best_build) best_build = b;
        if (s < best_solve) best_solve = s;
        double w = std::chrono::duration<double>(tw - t1).count();
        if (w < best_wld) best_wld = w;
        wins = losses = draws = remsum = 0;
        for (int64_t v = 0; v < V; v++) {
            wins += out[v] == 1; losses += out[v] == 2; draws += out[v] == 0;
            if (rem[v] > 0) remsum += rem[v];
        }
    }
    long hwm = 0;  // peak RSS of this program (VmHWM is reset by exec, ru_maxrss is not)
    if (FILE* st = std::fopen("/proc/self/status", "r")) {
        char line[256];
        while (std::fgets(line, sizeof line, st))
            if (std::sscanf(line, "VmHWM: %ld", &hwm) == 1) break;
        std::fclose(st);
    }
    std::printf("build=%.4f solve=%.4f wld=%.4f win=%ld loss=%ld draw=%ld remsum=%ld rss_kb=%ld\n",
                best_build, best_solve, best_wld, wins, losses, draws, remsum, hwm);
    return 0;
}
