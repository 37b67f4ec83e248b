// Strongly connected components in topological order (Practice Contest G
// style), then a 2-SAT (Practice Contest H style) on the same vertices: each
// edge u -> v says "x_u implies x_v", each of the pairs says "not both".
use ac_library::{SccGraph, TwoSat};
use proconio::input;

fn main() {
    input! {
        n: usize,
        edges: [(usize, usize)],
        exclusive: [(usize, usize)],
    }
    let mut graph = SccGraph::new(n);
    let mut sat = TwoSat::new(n);
    for &(u, v) in &edges {
        graph.add_edge(u, v);
        sat.add_clause(u, false, v, true);
    }
    for &(u, v) in &exclusive {
        sat.add_clause(u, false, v, false);
    }
    let components = graph.scc();
    println!("{}", components.len());
    for component in &components {
        let names: Vec<String> = component.iter().map(|v| v.to_string()).collect();
        println!("{} {}", component.len(), names.join(" "));
    }
    if sat.satisfiable() {
        let answer: String = sat
            .answer()
            .iter()
            .map(|&x| if x { '1' } else { '0' })
            .collect();
        println!("Yes {}", answer);
    } else {
        println!("No");
    }
}
