// Union-Find queries (AtCoder Library Practice Contest A style): `0 u v` joins,
// `1 u v` asks whether u and v are connected; then the sizes of the groups.
use ac_library::Dsu;
use proconio::input;

fn main() {
    input! {
        n: usize,
        q: usize,
        queries: [(u8, usize, usize); q],
    }
    let mut dsu = Dsu::new(n);
    let mut answers = Vec::new();
    for (t, u, v) in queries {
        if t == 0 {
            dsu.merge(u, v);
        } else {
            answers.push(if dsu.same(u, v) { "1" } else { "0" });
        }
    }
    println!("{}", answers.join("\n"));
    let mut sizes: Vec<usize> = dsu.groups().iter().map(|g| g.len()).collect();
    sizes.sort_unstable();
    println!(
        "{:?} leader(0)={} size(0)={}",
        sizes,
        dsu.leader(0),
        dsu.size(0)
    );
}
