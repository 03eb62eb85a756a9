// Reference for benchmarks/bench_kernels.py: Grundy's game by the same rare-value
// (sparse space) algorithm as grundy.kernels.octal.grundy_game_sparse, in C++ -O2.
// The seed table (naive method) and the rare/common split are passed in, so both
// sides time exactly the sparse phase.  Usage: grundy_sparse N MASK E < seed.txt
// (seed.txt: the values of heaps 0..S, one per line). Prints: seconds checksum rare
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static inline int par(uint32_t x, uint32_t mask) { return __builtin_popcount(x & mask) & 1; }

int main(int argc, char** argv) {
    long n = std::atol(argv[1]);
    uint32_t mask = (uint32_t)std::strtoul(argv[2], nullptr, 10);
    int e = std::atoi(argv[3]);
    std::vector<uint32_t> g;
    unsigned v;
    while (std::scanf("%u", &v) == 1) g.push_back(v);
    long start = (long)g.size();
    g.resize(n + 1, 0);
    auto t0 = std::chrono::steady_clock::now();
    std::vector<long> rare;
    for (long a = 1; a < start; ++a)
        if (par(g[a], mask) != (1 ^ (e & a))) rare.push_back(a);
    size_t size = 64;
    for (long a = 0; a < start; ++a) while (2 * (size_t)g[a] + 2 >= size) size *= 2;
    std::vector<uint32_t> stamp(size, 0), seen_at(size, 0);
    uint32_t tag = 0;
    for (long m = start; m <= n; ++m) {
        ++tag;
        int typical = 1 ^ (e & m);
        long half = (m - 1) / 2;
        for (long r : rare) {
            if (r >= m) break;
            long other = m - r;
            if (other == r) continue;
            stamp[g[r] ^ g[other]] = tag;
        }
        uint32_t c = 0;
        while (!(par(c, mask) == typical && stamp[c] != tag)) ++c;
        long needed = 0;
        for (uint32_t w = 0; w < c; ++w) if (par(w, mask) != typical) ++needed;
        long seen = 0;
        if (needed)
            for (long a = 1; a <= half; ++a) {
                uint32_t w = g[a] ^ g[m - a];
                if (w < c && seen_at[w] != tag && par(w, mask) != typical) {
                    seen_at[w] = tag;
                    if (++seen == needed) break;
                }
            }
        uint32_t value = c;
        if (seen < needed)
            for (uint32_t w = 0; w < c; ++w)
                if (par(w, mask) != typical && seen_at[w] != tag) { value = w; break; }
        g[m] = value;
        while (2 * (size_t)value + 2 >= stamp.size()) {
            stamp.resize(2 * stamp.size(), 0);
            seen_at.resize(stamp.size(), 0);
        }
        if (par(value, mask) != (1 ^ (e & m))) rare.push_back(m);
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    unsigned long long sum = 0;
    for (long m = 0; m <= n; ++m) sum = sum * 31 + g[m];
    std::printf("%.6f %llu %zu\n", secs, sum, rare.size());
    return 0;
}
