// Reference for benchmarks/bench_kernels.py: the same naive stamp-array mex
// algorithm as grundy.kernels.octal, for a finite octal code, in C++ (-O2).
// Usage: octal_naive N d0 d1 d2 ...   Prints: seconds checksum
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    long n = std::atol(argv[1]);
    std::vector<int> digits;
    for (int i = 2; i < argc; ++i) digits.push_back(std::atoi(argv[i]));
    int nd = (int)digits.size();
    auto t0 = std::chrono::steady_clock::now();
    std::vector<uint32_t> g(n + 1, 0), stamp(64, 0);
    for (long m = 0; m <= n; ++m) {
        uint32_t tag = (uint32_t)(m + 1);
        long top = m < nd - 1 ? m : nd - 1;
        for (long k = 0; k <= top; ++k) {
            int d = digits[k];
            if (!d) continue;
            long r = m - k;
            if ((d & 1) && r == 0 && k > 0) stamp[0] = tag;
            if ((d & 2) && r > 0 && k > 0) stamp[g[r]] = tag;
            if ((d & 4) && r >= 2)
                for (long a = 1; a <= r / 2; ++a) stamp[g[a] ^ g[r - a]] = tag;
        }
        uint32_t v = 0;
        while (stamp[v] == tag) ++v;
        g[m] = v;
        if (2 * (size_t)v + 2 >= stamp.size()) stamp.resize(4 * (size_t)v + 64, 0);
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    unsigned long long sum = 0;
    for (long m = 0; m <= n; ++m) sum = sum * 31 + g[m];
    std::printf("%.6f %llu\n", secs, sum);
    return 0;
}
