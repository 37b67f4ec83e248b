fun main() {
    readLine()
    println(readLine()!!.split(" ").sumOf { it.toLong() })
}
